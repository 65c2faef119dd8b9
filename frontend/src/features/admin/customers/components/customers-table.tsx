import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/format-date";
import { pageCount } from "@/lib/paging";
import { customersPageSize, useCustomers } from "@/features/admin/customers/api/customers";
import type { Customer } from "@gen/sabores/v1/admin_customer_service_pb";

function displayName(c: Customer): string {
  if (c.customerType === "empresa" && c.companyName) return c.companyName;
  return [c.name, c.surname].filter(Boolean).join(" ") || c.companyName || c.email;
}

// first is where the list opens: the newest customers, page 1.
const first = { token: "", page: 1 };

/**
 * CustomersTable lists the active customers, 10 at a time, with 'Mostrando
 * 10 de N', paged by the server's next and previous tokens: every page is
 * as quick deep in the list as at its start. The page number shown is
 * counted on the way.
 */
export function CustomersTable() {
  const { t, i18n } = useTranslation("admin");
  const [at, setAt] = useState(first);
  const { data, isPending, isError, error, isPlaceholderData } = useCustomers(at.token);
  const total = data?.totalSize ?? 0;
  const page = data?.previousPageToken ? at.page : 1;
  // A token the server no longer takes (it changed meanwhile): the way
  // out is the first page, not a raw message.
  const badPage = error instanceof ConnectError && error.code === Code.InvalidArgument;

  return (
    <section aria-labelledby="customers-title" className="card p-4 sm:p-6">
      <h2 id="customers-title" className="text-lg font-bold">
        {t("customers.title")}
      </h2>
      {isPending && <Spinner label={t("loading")} />}
      {isError && !badPage && (
        <p role="alert" className="mt-3 text-red-700">
          {t("customers.error", { msg: error.rawMessage || error.message })}
        </p>
      )}
      {badPage && (
        <p role="alert" className="mt-3 text-red-700">
          {t("customers.badPage")}{" "}
          <button type="button" className="underline" onClick={() => setAt(first)}>
            {t("customers.firstPage")}
          </button>
        </p>
      )}
      {data && data.customers.length === 0 && <p className="mt-3 text-stone-700">{t("customers.empty")}</p>}
      {data && data.customers.length > 0 && (
        <>
          <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="customers-title">
            <table className="w-full min-w-[36rem] text-left text-sm" aria-busy={isPlaceholderData}>
              <thead className="border-b border-stone-200 text-stone-600">
                <tr>
                  <th scope="col" className="py-2 pr-3">{t("customers.name")}</th>
                  <th scope="col" className="py-2 pr-3">{t("customers.type")}</th>
                  <th scope="col" className="py-2 pr-3">{t("customers.email")}</th>
                  <th scope="col" className="py-2 pr-3">{t("customers.phone")}</th>
                  <th scope="col" className="py-2 pr-3">{t("customers.taxId")}</th>
                  <th scope="col" className="py-2">{t("customers.since")}</th>
                </tr>
              </thead>
              <tbody>
                {data.customers.map((c) => (
                  <tr key={String(c.id)} className="border-b border-stone-100 last:border-0">
                    <td className="py-2 pr-3 font-medium">{displayName(c)}</td>
                    <td className="py-2 pr-3">
                      {c.customerType === "empresa" ? t("customers.business") : t("customers.private")}
                    </td>
                    <td className="py-2 pr-3 break-all">{c.email}</td>
                    <td className="py-2 pr-3">{c.phone}</td>
                    <td className="py-2 pr-3">{c.companyNif || c.dni}</td>
                    <td className="py-2">{c.createTime ? formatDate(timestampDate(c.createTime), i18n.language, { dateStyle: "medium" }) : ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
            <p aria-live="polite" className="text-stone-700">
              {t("customers.showing", { count: data.customers.length, total })}
            </p>
            <Pagination
              page={page}
              // The count can lag the tokens (sign-ups meanwhile): never show
              // a page past the last.
              totalPages={Math.max(pageCount(total, customersPageSize), page)}
              hasPrevious={data.previousPageToken !== ""}
              hasNext={data.nextPageToken !== ""}
              busy={isPlaceholderData}
              window={false}
              label={t("customers.paging")}
              className="ml-auto"
              // Back to page 1 asks for the first page itself, so it shows
              // whoever signed up meanwhile.
              onPage={(p) =>
                setAt(p < page ? (p <= 1 ? first : { token: data.previousPageToken, page: p }) : { token: data.nextPageToken, page: p })
              }
            />
          </div>
        </>
      )}
    </section>
  );
}
