package apimap

import (
	"github.com/sabores/sabores/backend/internal/contact"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// contactSubjects are the stored values of the contact form's subjects.
var contactSubjects = map[saboresv1.ContactSubject]string{
	saboresv1.ContactSubject_CONTACT_SUBJECT_PRODUCTS: contact.SubjectProducts,
	saboresv1.ContactSubject_CONTACT_SUBJECT_ORDER:    contact.SubjectOrder,
	saboresv1.ContactSubject_CONTACT_SUBJECT_RETURNS:  contact.SubjectReturns,
	saboresv1.ContactSubject_CONTACT_SUBJECT_OTHER:    contact.SubjectOther,
}

// StoredContactSubject is the stored value of a contact form's subject; an
// unknown subject maps to "", which the contact module refuses.
func StoredContactSubject(s saboresv1.ContactSubject) string { return contactSubjects[s] }

// ContactSubject is the contract's subject of a stored one.
func ContactSubject(stored string) saboresv1.ContactSubject {
	for k, v := range contactSubjects {
		if v == stored {
			return k
		}
	}
	return saboresv1.ContactSubject_CONTACT_SUBJECT_UNSPECIFIED
}
