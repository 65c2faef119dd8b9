import { useTranslation } from "react-i18next";
import { Language } from "@gen/sabores/v1/food_pb";

/**
 * useApiLanguage is the shopper's language as the catalogue API takes it.
 * It goes in the request message, so it is part of the query key (a switch
 * refetches) and of the GET URL the server and browsers cache by. Spanish
 * is sent as the default (unspecified) value, which JSON leaves out: the
 * Spanish URLs stay those the server preloads (backend/internal/server/preload.go).
 */
export function useApiLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === "pt" ? Language.PT : Language.UNSPECIFIED;
}
