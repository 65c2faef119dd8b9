// Package shop is the domain layer the business modules and the Connect
// services still share: pricing a cart from stored products and promotions,
// the promotion sources, the order lifecycle; who made a change is passed
// in (audit.Caller).
// It knows nothing of the wire, not even through a package it imports:
// services call it and map its results to the contract in api/apimap and
// its errors in apperr, and never call each other.
package shop
