package contactapi

import (
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/contact"
	"github.com/sabores/sabores/backend/internal/db"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// languageCode is the stored language of a request.
func languageCode(l saboresv1.Language) string {
	if l == saboresv1.Language_LANGUAGE_PT {
		return "pt"
	}
	return "es"
}

// subjects are the stored values of the contact form's subjects; an
// unknown subject maps to "", which the module refuses.
var subjects = map[saboresv1.ContactSubject]string{
	saboresv1.ContactSubject_CONTACT_SUBJECT_PRODUCTS: contact.SubjectProducts,
	saboresv1.ContactSubject_CONTACT_SUBJECT_ORDER:    contact.SubjectOrder,
	saboresv1.ContactSubject_CONTACT_SUBJECT_RETURNS:  contact.SubjectReturns,
	saboresv1.ContactSubject_CONTACT_SUBJECT_OTHER:    contact.SubjectOther,
}

func subscriptionToProto(r db.NewsletterSubscription) *saboresv1.NewsletterSubscription {
	out := &saboresv1.NewsletterSubscription{
		Id: r.ID, Email: r.Email, Language: r.Language, ConsentVersion: r.ConsentVersion,
		RequestTime: timestamppb.New(r.RequestedAt),
	}
	if r.ConfirmedAt != nil {
		out.ConfirmTime = timestamppb.New(*r.ConfirmedAt)
	}
	if r.UnsubscribedAt != nil {
		out.UnsubscribeTime = timestamppb.New(*r.UnsubscribedAt)
	}
	return out
}

func messageToProto(r db.ContactMessage) *saboresv1.ContactMessage {
	out := &saboresv1.ContactMessage{
		Id: r.ID, Name: r.Name, Email: r.Email, Phone: r.Phone, Message: r.Message, Language: r.Language,
		CreateTime: timestamppb.New(r.CreatedAt),
	}
	for k, v := range subjects {
		if v == r.Subject {
			out.Subject = k
		}
	}
	return out
}
