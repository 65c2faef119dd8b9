// Package mail writes and sends the shop's transactional e-mails: order
// received, payment received, shipped and cancelled, the newsletter's
// confirmation request and contact messages for the shop, in the shopper's
// language (es or pt), as HTML with a plain-text alternative. Sending is a
// River job (package jobs); this package only renders and talks SMTP.
package mail

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Settings are the SMTP server and the shop's addresses, from the
// configuration table.
type Settings struct {
	Host     string
	Port     int
	Username string
	Password string
	// TLS is "none", "starttls" (required) or "tls" (implicit, port 465).
	TLS     string
	From    string
	ReplyTo string
}

// Message is one rendered e-mail.
type Message struct {
	// MessageID is stable per order and kind, so a resend after an unknown
	// outcome is recognisable as the same message.
	MessageID string
	To        string
	// ReplyTo, when set, is where answers go instead of the shop's
	// reply-to address (a contact message: the sender).
	ReplyTo string
	Subject string
	HTML    string
	Text    string
	// ListUnsubscribe, when set, is the https address whose POST
	// unsubscribes the recipient at once (RFC 8058): the message then
	// carries List-Unsubscribe and List-Unsubscribe-Post, which the DKIM
	// signature must cover (docs/go-live.md).
	ListUnsubscribe string
	// Attachments ride after the body, in order (a till ticket's PDF).
	Attachments []Attachment
}

// Attachment is a file sent with a message.
type Attachment struct {
	Name        string
	ContentType string
	Data        []byte
}

// Sender sends messages over SMTP, one connection per message: transactional
// mail is a trickle, and a fresh connection never inherits a broken one.
type Sender struct {
	settings Settings
}

// NewSender returns a sender on settings.
func NewSender(s Settings) (*Sender, error) {
	if s.Host == "" || s.From == "" {
		return nil, errors.New("mail: SMTP host and sender address are required")
	}
	return &Sender{settings: s}, nil
}

// Send delivers m to the SMTP server; nil means the server accepted it.
func (s *Sender) Send(ctx context.Context, m Message) error {
	opts := []gomail.Option{gomail.WithPort(s.settings.Port), gomail.WithTimeout(30 * time.Second)}
	switch s.settings.TLS {
	case "none":
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	case "tls":
		opts = append(opts, gomail.WithSSL())
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if s.settings.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain),
			gomail.WithUsername(s.settings.Username), gomail.WithPassword(s.settings.Password))
	}
	client, err := gomail.NewClient(s.settings.Host, opts...)
	if err != nil {
		return fmt.Errorf("mail: client: %w", err)
	}
	msg := gomail.NewMsg()
	if err := msg.From(s.settings.From); err != nil {
		return fmt.Errorf("mail: sender %q: %w", s.settings.From, err)
	}
	if replyTo := cmp.Or(m.ReplyTo, s.settings.ReplyTo); replyTo != "" {
		if err := msg.ReplyTo(replyTo); err != nil {
			return fmt.Errorf("mail: reply-to %q: %w", replyTo, err)
		}
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("mail: recipient: %w", err)
	}
	msg.SetMessageIDWithValue(strings.Trim(m.MessageID, "<>"))
	msg.SetDate()
	msg.Subject(m.Subject)
	if m.ListUnsubscribe != "" {
		// Preformatted: an address is ASCII and must reach the reader as
		// it is, never encoded as a word.
		msg.SetGenHeaderPreformatted(gomail.HeaderListUnsubscribe, "<"+m.ListUnsubscribe+">")
		msg.SetGenHeaderPreformatted(gomail.HeaderListUnsubscribePost, "List-Unsubscribe=One-Click")
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	for _, a := range m.Attachments {
		if err := msg.AttachReader(a.Name, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(a.ContentType))); err != nil {
			return fmt.Errorf("mail: attach %s: %w", a.Name, err)
		}
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("mail: send %s: %w", m.MessageID, err)
	}
	return nil
}

// WithdrawalMessageID is the Message-ID of a withdrawal's e-mail of one
// kind: an order may have several withdrawals, each with its messages.
func WithdrawalMessageID(orderID, withdrawalID int64, kind Kind, from string) string {
	id := MessageID(orderID, kind, from)
	return strings.Replace(id, fmt.Sprintf("-%s@", kind), fmt.Sprintf("-%d-%s@", withdrawalID, kind), 1)
}

// MessageID is the Message-ID of an order's e-mail of one kind, under the
// sender's domain: the same for every attempt to send it.
func MessageID(orderID int64, kind Kind, from string) string {
	return fmt.Sprintf("<order-%d-%s@%s>", orderID, kind, Domain(from))
}

// Domain is the domain of the sender address from, which Message-IDs use.
func Domain(from string) string {
	if at := strings.LastIndex(from, "@"); at >= 0 {
		return strings.Trim(from[at+1:], "> ")
	}
	return "sabores.local"
}
