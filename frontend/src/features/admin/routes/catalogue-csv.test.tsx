import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/testing/render-admin";
import { AdminService } from "@gen/sabores/v1/admin_service_pb";
import { CatalogueImportStatus } from "@gen/sabores/v1/admin_catalogue_csv_pb";

const good = "sku,code,category,price,vat_rate,stock,name_es\nA-1,A1,alimentos,2.50,10,3,Arepa\n";

function renderCsv(language: "es" | "pt" = "es") {
  // The import runs at 40 % until the test marks it done.
  const sent: { dryRun: string[]; start: string[]; done: boolean } = { dryRun: [], start: [], done: false };
  renderAdmin(
    "/admin/catalogue/csv",
    (router) =>
      router.service(AdminService, {
        dryRunCatalogueImport: (req) => {
          const text = new TextDecoder().decode(req.csv);
          sent.dryRun.push(text);
          if (text.includes("doce")) {
            return {
              rows: 1,
              problemCount: 1,
              problems: [{ line: 2, column: "price", reason: "INVALID_PRICE", message: "price: is not a number" }],
            };
          }
          return { rows: 1, creates: 1, updates: 0, problemCount: 0 };
        },
        startCatalogueImport: (req) => {
          sent.start.push(req.fileName);
          return { import: { id: 7n, fileName: req.fileName, status: CatalogueImportStatus.QUEUED } };
        },
        getCatalogueImport: (req) =>
          sent.done
            ? { import: { id: req.id, fileName: "a.csv", status: CatalogueImportStatus.SUCCEEDED, progressPercent: 100, rows: 1, created: 1 } }
            : { import: { id: req.id, fileName: "a.csv", status: CatalogueImportStatus.RUNNING, progressPercent: 40, rows: 1 } },
      }),
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
    expect(screen.getByRole("button", { name: "Importar" })).toBeDisabled();

    await user.upload(input, new File([good], "a.csv", { type: "text/csv" }));
    await user.click(screen.getByRole("button", { name: "Comprobar" }));
    expect(await screen.findByText("1 filas sin errores: 1 productos nuevos, 0 ya existentes.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Importar" }));
    const bar = await screen.findByRole("progressbar", { name: "Importación de a.csv" });
    // A long import shows how far it is while it runs, polled from the server.
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "40"));
    expect(bar.firstElementChild).toHaveStyle({ width: "40%" });
    expect(screen.getByText("Importando… 40 % (1 filas)")).toBeInTheDocument();
    sent.done = true;
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "100"));
    expect(await screen.findByText(/Importado: 1 filas, 1 productos nuevos/)).toBeInTheDocument();
    expect(sent.dryRun).toHaveLength(2);
    expect(sent.start).toEqual(["a.csv"]);
  });

  it("speaks Portuguese", async () => {
    renderCsv("pt");
    expect(await screen.findByRole("heading", { name: "Catálogo em CSV" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Exportar CSV" })).toBeInTheDocument();
  });
});
