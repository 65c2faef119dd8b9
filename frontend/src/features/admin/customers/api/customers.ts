import { useQuery } from "@connectrpc/connect-query";
import { keepPreviousData } from "@tanstack/react-query";
import { customerService } from "@/features/admin/customers/api/service";

/** customersPageSize is the dashboard's customer table: 10 rows. */
export const customersPageSize = 10;

/**
 * useCustomers lists one page of active customers, newest first: the page
 * pageToken asks for (a previous page's next or previous token), "" for
 * the first.
 */
export function useCustomers(pageToken: string) {
  return useQuery(
    customerService.method.listCustomers,
    { pageToken, pageSize: customersPageSize },
    { placeholderData: keepPreviousData },
  );
}
