import type { ConnectError } from "@connectrpc/connect";
import { useTranslation } from "react-i18next";

/**
 * useListError is the red line of a product list that failed to load:
 * 'Error: {message}', 'Error desconocido' when the server gave no message,
 * and undefined while nothing failed.
 */
export function useListError(error: ConnectError | null): string | undefined {
  const { t } = useTranslation();
  return error ? t("errorPrefix", { message: error.rawMessage || t("unknownError") }) : undefined;
}
