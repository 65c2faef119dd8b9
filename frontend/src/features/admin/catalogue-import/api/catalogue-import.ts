import { skipToken, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { useState } from "react";
import { useMutation as useTanstackMutation, useQueryClient } from "@tanstack/react-query";
import { saveFile } from "@/lib/save-file";
import { CatalogueImportStatus } from "@gen/sabores/v1/admin_catalogue_import_service_pb";
import { CatalogService } from "@gen/sabores/v1/catalog_service_pb";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { catalogueImportService } from "@/features/admin/catalogue-import/api/service";
import { productService } from "@/features/admin/products/api/service";

/** exportFileName names the export by its day: catalogo-2026-11-24.csv. */
export function exportFileName(now: Date) {
  return `catalogo-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * useExportCatalogue streams the catalogue as CSV (with a byte order mark, so Excel reads it as
 * UTF-8) and downloads it once the stream ends.
 */
export function useExportCatalogue() {
  const transport = useTransport();
  return useTanstackMutation({
    mutationFn: async () => {
      const client = createClient(catalogueImportService, transport);
      const chunks: Uint8Array[] = [];
      for await (const res of client.exportCatalogue({ bom: true })) chunks.push(res.chunk);
      saveFile(chunks, exportFileName(new Date()), "text/csv;charset=utf-8");
    },
  });
}

/** CHUNK_BYTES is the most one UploadCatalogueChunk call carries (the contract's cap). */
export const CHUNK_BYTES = 1 << 20;

/** MAX_FILE_BYTES is the largest file the server takes (80 MiB). */
export const MAX_FILE_BYTES = 80 << 20;

/** retried are the failures a piece is sent again after: the server keeps a repeated piece once. */
const retried = [Code.Unavailable, Code.DeadlineExceeded];

/**
 * useUploadCatalogueFile sends a file in pieces of 1 MiB, one call after another (browsers cannot
 * stream a request body), so no request carries the whole file; `sent` is how many bytes the
 * server holds. It resolves to the upload's id, which the dry run and the import name.
 */
export function useUploadCatalogueFile() {
  const transport = useTransport();
  const [sent, setSent] = useState(0);
  const mutation = useTanstackMutation({
    mutationFn: async (file: Blob) => {
      const client = createClient(catalogueImportService, transport);
      let uploadId = 0n;
      setSent(0);
      for (let seq = 0; seq * CHUNK_BYTES < file.size; seq++) {
        const chunk = new Uint8Array(await file.slice(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES).arrayBuffer());
        for (let attempt = 1; ; attempt++) {
          try {
            const res = await client.uploadCatalogueChunk({ uploadId, seq, chunk });
            uploadId = res.uploadId;
            setSent(Number(res.bytes));
            break;
          } catch (err) {
            if (attempt === 3 || !(err instanceof ConnectError) || !retried.includes(err.code)) throw err;
          }
        }
      }
      return uploadId;
    },
  });
  return { ...mutation, sent };
}

/** useDryRunCatalogueImport checks an uploaded file as the import would; nothing is written. */
export function useDryRunCatalogueImport() {
  return useMutation(catalogueImportService.method.dryRunCatalogueImport);
}

/** useStartCatalogueImport queues the import of an uploaded file. */
export function useStartCatalogueImport() {
  return useMutation(catalogueImportService.method.startCatalogueImport);
}

/** running tells an import still under way, which the screen polls. */
export function running(status: CatalogueImportStatus | undefined) {
  return status === CatalogueImportStatus.QUEUED || status === CatalogueImportStatus.RUNNING;
}

const afterImport = [
  methodKey(productService.method.listAdminProducts),
  methodKey(productService.method.getAdminProduct),
  methodKey(CatalogService.method.listProducts),
  methodKey(CatalogService.method.getProduct),
];

/** useRefetchAfterImport refetches the product lists and the storefront reads an import changed. */
export function useRefetchAfterImport() {
  const queryClient = useQueryClient();
  return () => Promise.all(afterImport.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** useCatalogueImport polls an import every half second while it runs. */
export function useCatalogueImport(id: bigint | undefined) {
  return useQuery(catalogueImportService.method.getCatalogueImport, id ? { id } : skipToken, {
    refetchInterval: (query) => (running(query.state.data?.import?.status) ? 500 : false),
  });
}
