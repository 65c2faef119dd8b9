// Package till is the Burela shop's till (issue 35): it sells from the
// same stock as the web shop and, in the same VeriFactu chain, invoices
// what it sells. Each use case owns its transaction.
//
// Stock: placed web orders take their units from products.stock at
// checkout, so the counted stock already excludes what they hold; the units
// they hold are still on the shop's shelves until shipped. A till sale that
// would dig into them is refused (the till is told they are reserved);
// otherwise the unit in the customer's hand is sold even when the count says
// none is left, and the count going negative asks the owner to count.
package till
