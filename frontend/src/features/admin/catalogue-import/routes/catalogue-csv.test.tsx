import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminCatalogueImportService, CatalogueImportStatus } from "@gen/sabores/v1/admin_catalogue_import_service_pb";
import { CHUNK_BYTES, MAX_FILE_BYTES } from "@/features/admin/catalogue-import/api/catalogue-import";

const good = "sku,code,category,price,vat_rate,stock,name_es\nA-1,A1,alimentos,2.50,10,3,Arepa\n";
const safetyFile =
  "sku,code,category,price,vat_rate,stock,name_es,manufacturer_name,manufacturer_country,warnings_es\n" +
  "A-1,A1,alimentos,2.50,10,3,Arepa,Natura,,\n" +
  "B-1,B1,beleza,9.90,21,3,Crema,Natura,Brasil,Evítese el contacto con los ojos\n";

function renderCsv(language: "es" | "pt" = "es") {
  // The import runs at 40 % until the test marks it done; a piece waits for `hold` when set.
  const sent: {
    pieces: { uploadId: bigint; seq: number; bytes: number }[];
    dryRun: string[];
    start: { fileName: string; uploadId: bigint }[];
    done: boolean;
    hold?: Promise<void>;
  } = { pieces: [], dryRun: [], start: [], done: false };
  const uploads = new Map<bigint, Uint8Array[]>();
  const text = (uploadId: bigint) => {
    const pieces = uploads.get(uploadId) ?? [];
    const all = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of pieces) {
      all.set(p, at);
      at += p.length;
    }
    return new TextDecoder().decode(all);
  };
  renderAdmin(
    "/admin/catalogue/csv",
    (router) =>
      router.service(AdminCatalogueImportService, { uploadCatalogueChunk: async (req) => {
          if (req.seq > 0) await sent.hold;
          const uploadId = req.uploadId || BigInt(uploads.size + 1);
          const pieces = uploads.get(uploadId) ?? [];
          pieces[req.seq] = req.chunk;
          uploads.set(uploadId, pieces);
          sent.pieces.push({ uploadId: req.uploadId, seq: req.seq, bytes: req.chunk.length });
          const bytes = pieces.reduce((n, p) => n + p.length, 0);
          return { uploadId, chunks: pieces.length, bytes: BigInt(bytes) };
        }, dryRunCatalogueImport: (req) => {
          const file = text(req.uploadId);
          sent.dryRun.push(file);
          if (file.includes("doce")) {
            return {
              rows: 2,
              problemCount: 4,
              problems: [
                { line: 2, column: "price", reason: "INVALID_PRICE", message: "price: is not a number", metadata: {} },
                { line: 2, column: "category", reason: "INVALID_VALUE", message: "category: must be in list [bebidas, doces]",
                  metadata: { rule: "string.in", value: "bebida", allowed: "bebidas, doces" } as Record<string, string> },
                { line: 3, column: "sku", reason: "INVALID_VALUE", message: "sku: does not match regex pattern", metadata: { rule: "string.pattern" } as Record<string, string> },
                { line: 3, column: "net_quantity", reason: "INVALID_VALUE", message: "net_quantity: must be greater than 0",
                  metadata: { rule: "int64.gt_lte", min: "0", max: "100000000" } as Record<string, string> },
              ],
            };
          }
          if (file.includes("Natura")) {
            // The three problems the server's dry run finds in safetyFile (TestSafetyColumns).
            return {
              rows: 2,
              problemCount: 3,
              problems: [
                { line: 2, column: "", reason: "SAFETY_ON_FOOD", message: "a food carries its operator in its food information", metadata: {} },
                { line: 3, column: "manufacturer_country", reason: "INVALID_VALUE", message: "manufacturer_country: does not match regex pattern",
                  metadata: { rule: "string.pattern" } as Record<string, string> },
                { line: 3, column: "warnings_es", reason: "INVALID_VALUE", message: "warnings_es: must be at most 2000 characters",
                  metadata: { rule: "string.max_len", max: "2000" } as Record<string, string> },
              ],
            };
          }
          return { rows: 1, creates: 1, updates: 0, problemCount: 0 };
        }, startCatalogueImport: (req) => {
          sent.start.push({ fileName: req.fileName, uploadId: req.uploadId });
          return { import: { id: 7n, fileName: req.fileName, status: CatalogueImportStatus.QUEUED } };
        }, getCatalogueImport: (req) =>
          sent.done
            ? { import: { id: req.id, fileName: "a.csv", status: CatalogueImportStatus.SUCCEEDED, progressPercent: 100, rows: 1, created: 1 } }
            : { import: { id: req.id, fileName: "a.csv", status: CatalogueImportStatus.RUNNING, progressPercent: 40, rows: 1 } } }),
    { language },
  );
  return sent;
}

describe("/admin/catalogue/csv", () => {
  it("lists a file's errors by line and column, imports only a clean file, and shows the progress", async () => {
    const user = userEvent.setup();
    const sent = renderCsv();
    const input = await screen.findByLabelText("Archivo CSV");
    await user.upload(input, new File([good.replace("2.50", "doce")], "a.csv", { type: "text/csv" }));
    await user.click(screen.getByRole("button", { name: "Comprobar" }));
    const row = (await screen.findByRole("cell", { name: "price" })).closest("tr");
    expect(row).toHaveTextContent("2");
    expect(row).toHaveTextContent("Precio no válido (p. ej. 8.50).");
    // Every error of every line at once, in words, never a rule's id (issue 37).
    expect(screen.getByText("4 errores")).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "category" }).closest("tr")).toHaveTextContent("Valor no válido: «bebida». Use uno de estos: bebidas, doces.");
    expect(screen.getByRole("cell", { name: "sku" }).closest("tr")).toHaveTextContent(/^3skuSolo letras sin acentos/);
    expect(screen.getByRole("cell", { name: "net_quantity" }).closest("tr")).toHaveTextContent("Debe ser mayor que 0 y como máximo 100000000.");
    expect(document.body.textContent).not.toMatch(/string\.in|string\.pattern|gt_lte/);
    expect(screen.getByRole("button", { name: "Importar" })).toBeDisabled();

    await user.upload(input, new File([good], "a.csv", { type: "text/csv" }));
    await user.click(screen.getByRole("button", { name: "Comprobar" }));
    // Singular and plural right.
    expect(await screen.findByText("1 fila sin errores: 1 producto nuevo, 0 ya existentes.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Importar" }));
    const bar = await screen.findByRole("progressbar", { name: "Importación de a.csv" });
    // A long import shows how far it is while it runs, polled from the server.
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "40"));
    expect(bar.firstElementChild).toHaveStyle({ width: "40%" });
    expect(screen.getByText("Importando… 40 % (1 fila)")).toBeInTheDocument();
    sent.done = true;
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "100"));
    expect(await screen.findByText("Importado: 1 fila, 1 producto nuevo, 0 actualizados.")).toBeInTheDocument();
    expect(sent.dryRun).toEqual([good.replace("2.50", "doce"), good]);
    // The import takes the upload the clean check read: the file is not sent a third time.
    expect(sent.start).toEqual([{ fileName: "a.csv", uploadId: 2n }]);
  });

  it("sends a large file in pieces of 1 MiB, in order, with a progress bar", async () => {
    const user = userEvent.setup();
    const sent = renderCsv();
    let release = () => {};
    sent.hold = new Promise((resolve) => (release = resolve));
    const big = good + "#".repeat(2 * CHUNK_BYTES + 10 - good.length);
    await user.upload(await screen.findByLabelText("Archivo CSV"), new File([big], "big.csv", { type: "text/csv" }));
    await user.click(screen.getByRole("button", { name: "Comprobar" }));
    const bar = await screen.findByRole("progressbar", { name: "Envío de big.csv" });
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "49"));
    expect(screen.getByText("Enviando el archivo… 49 %")).toBeInTheDocument();
    release();
    expect(await screen.findByText("1 fila sin errores: 1 producto nuevo, 0 ya existentes.")).toBeInTheDocument();
    expect(sent.pieces).toEqual([
      { uploadId: 0n, seq: 0, bytes: CHUNK_BYTES },
      { uploadId: 1n, seq: 1, bytes: CHUNK_BYTES },
      { uploadId: 1n, seq: 2, bytes: 10 },
    ]);
    expect(sent.dryRun).toEqual([big]);
  });

  it("refuses a file past 80 MB before sending it", async () => {
    const user = userEvent.setup();
    const sent = renderCsv();
    const huge = new File(["x"], "huge.csv", { type: "text/csv" });
    Object.defineProperty(huge, "size", { value: MAX_FILE_BYTES + 1 });
    await user.upload(await screen.findByLabelText("Archivo CSV"), huge);
    expect(screen.getByText("El archivo supera los 80 MB que admite la importación.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Comprobar" })).toBeDisabled();
    expect(sent.pieces).toEqual([]);
  });

  it("speaks Portuguese", async () => {
    renderCsv("pt");
    expect(await screen.findByRole("heading", { name: "Catálogo em CSV" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Exportar CSV" })).toBeInTheDocument();
  });

  it.each([
    ["es", "Archivo CSV", "Comprobar", "3 errores", [
      "Un alimento no lleva fabricante ni advertencias de seguridad",
      "Use el código del país de dos letras (ISO 3166-1), p. ej. BR, CN o ES; vacío si no se sabe.",
      "Demasiado largo: como máximo 2000 caracteres.",
    ]],
    ["pt", "Ficheiro CSV", "Verificar", "3 erros", [
      "Um alimento não leva fabricante nem advertências de segurança",
      "Use o código do país de duas letras (ISO 3166-1), p. ex. BR, CN ou ES; vazio se não se souber.",
      "Demasiado longo: no máximo 2000 caracteres.",
    ]],
  ] as const)("words the safety columns' errors (%s)", async (language, fileLabel, check, count, words) => {
    const user = userEvent.setup();
    renderCsv(language);
    await user.upload(await screen.findByLabelText(fileLabel), new File([safetyFile], "a.csv", { type: "text/csv" }));
    await user.click(screen.getByRole("button", { name: check }));
    expect(await screen.findByText(count)).toBeInTheDocument();
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent(words[0]);
    expect(screen.getByRole("cell", { name: "manufacturer_country" }).closest("tr")).toHaveTextContent(words[1]);
    expect(screen.getByRole("cell", { name: "warnings_es" }).closest("tr")).toHaveTextContent(words[2]);
    expect(document.body.textContent).not.toMatch(/string\.pattern|max_len|SAFETY_ON_FOOD/);
  });
});
