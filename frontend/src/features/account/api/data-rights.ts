import { toJsonString } from "@bufbuild/protobuf";
import { useMutation } from "@connectrpc/connect-query";
import { AccountService, type ExportMyDataResponse, ExportMyDataResponseSchema } from "@gen/sabores/v1/account_service_pb";

/** useExportMyData asks the shop for everything it keeps about the shopper. */
export function useExportMyData() {
  return useMutation(AccountService.method.exportMyData);
}

/** useDeleteMyAccount deletes the shopper's account (the caller confirms first). */
export function useDeleteMyAccount() {
  return useMutation(AccountService.method.deleteMyAccount);
}

/** downloadExport saves the export as a pretty-printed JSON file. */
export function downloadExport(data: ExportMyDataResponse, now: Date): void {
  const blob = new Blob([toJsonString(ExportMyDataResponseSchema, data, { prettySpaces: 2 })], {
    type: "application/json",
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `sabores-my-data-${now.toISOString().slice(0, 10)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
