import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Price } from "@/components/ui/price";
import { ProductImage } from "@/components/ui/product-image";
import type { SearchState } from "@/features/catalog/components/search-query";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { recordInteraction } from "@/lib/analytics";
import { defer, useDeferred } from "@/lib/deferred";

// The query (and the catalogue descriptors it needs) comes with the data
// layer, which downloads beside the first paint.
const searchQuery = defer(() => import("@/features/catalog/components/search-query"));
const noSearch: SearchState = { isError: false };
const resultsPage = (q: string) => `/buscar?q=${encodeURIComponent(q)}`;

/**
 * SearchBox is the header's live search: results after a 300 ms pause, at
 * most 10, keyboard navigable (combobox pattern); a click or touch outside
 * closes and clears it.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const rootRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState("");
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const query = useDebouncedValue(text, 300);
  const [search, setSearch] = useState(noSearch);
  const loaded = useDeferred(searchQuery);
  const results = query.trim() && !search.isError ? (search.products ?? []) : [];
  const showList = open && query.trim() !== "" && (search.products !== undefined || search.isError);

  useEffect(() => {
    if (search.isError) console.error("search failed", search.error);
  }, [search.isError, search.error]);

  const close = useCallback(() => {
    setOpen(false);
    setText("");
    setActive(-1);
  }, []);

  useEffect(() => {
    const onOutside = (e: Event) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) close();
    };
    document.addEventListener("mousedown", onOutside);
    document.addEventListener("touchstart", onOutside);
    return () => {
      document.removeEventListener("mousedown", onOutside);
      document.removeEventListener("touchstart", onOutside);
    };
  }, [close]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" && results.length) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % results.length);
    } else if (e.key === "ArrowUp" && results.length) {
      e.preventDefault();
      setActive((a) => (a <= 0 ? results.length - 1 : a - 1));
    } else if (e.key === "Enter" && active >= 0 && results[active]) {
      e.preventDefault();
      const target = results[active];
      close();
      void navigate(`/producto/${target.id}`);
    } else if (e.key === "Escape") {
      close();
    }
  };

  // Enter (with no result picked) opens the results page.
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    recordInteraction("search", { query: q, firstResult: results[0]?.id });
    close();
    void navigate(resultsPage(q));
  };
  const total = Math.max(search.total ?? 0, results.length);

  const listId = `${id}-list`;
  return (
    <form ref={rootRef} role="search" onSubmit={onSubmit} className="relative">
      {loaded && <loaded.SearchQuery query={query} onChange={setSearch} />}
      <label htmlFor={id} className="sr-only">
        {t("search.label")}
      </label>
      <input
        id={id}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${id}-opt-${active}` : undefined}
        value={text}
        placeholder={t("search.placeholder")}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="input"
      />
      {showList && (
        <div className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-stone-200 bg-white shadow-lg">
          <p className="border-b border-stone-100 px-3 py-2 text-xs text-stone-600" role="status">
            {results.length > 0 ? t("search.count", { count: total }) : t("search.empty", { query: query.trim() })}
          </p>
          <ul id={listId} role="listbox" aria-label={t("search.results")}>
            {results.map((p, i) => (
              <li key={p.id} id={`${id}-opt-${i}`} role="option" aria-selected={i === active}>
                <Link
                  to={`/producto/${p.id}`}
                  onClick={close}
                  tabIndex={-1}
                  className={`flex items-center gap-3 px-3 py-2 ${i === active ? "bg-brand-50" : "hover:bg-stone-50"}`}
                >
                  <ProductImage src={p.imageUrl} alt="" className="h-10 w-10 shrink-0 rounded" />
                  <span className="flex-1 text-sm">{p.name}</span>
                  <Price cents={p.promotion?.priceCents ?? p.priceCents} className="text-sm font-semibold" />
                </Link>
              </li>
            ))}
          </ul>
          {results.length > 0 && (
            <Link
              to={resultsPage(query.trim())}
              onClick={close}
              className="block border-t border-stone-100 px-3 py-2 text-center text-sm font-semibold text-brand-700 hover:bg-stone-50"
            >
              {t("search.seeAll", { count: total })}
            </Link>
          )}
        </div>
      )}
    </form>
  );
}
