package paging

import (
	"encoding/base64"
	"encoding/json"
	"strconv"
	"time"

	"github.com/sabores/sabores/backend/internal/fault"
)

// Cursor is where a keyset page starts: the sort key of the previous page's
// last row, a time and a tie-breaking key (an id). Lists that must stay fast
// at any size page this way instead of by number: the next page is read
// from the index at the cursor, never by skipping rows with OFFSET.
type Cursor struct {
	Time time.Time
	Key  string
	// Backward says the page is the one before the cursor (a previous
	// page), for lists paged both ways (Keyset).
	Backward bool
}

type cursorJSON struct {
	T int64  `json:"t"`
	K string `json:"k"`
	B bool   `json:"b,omitempty"`
}

// badToken is the one description of a page_token refused: the screens
// show their own text for it (InvalidArgument on page_token).
const badToken = "is not a page token this list gave"

// Token encodes c as an opaque page_token.
func (c Cursor) Token() string {
	b, _ := json.Marshal(cursorJSON{T: c.Time.UnixMicro(), K: c.Key, B: c.Backward}) //nolint:errchkjson // plain fields
	return base64.RawURLEncoding.EncodeToString(b)
}

// ParseToken reads a page_token of a list paged forward only; "" is the
// first page (ok false). A token that is not one, or that asks for a
// previous page, is InvalidArgument on field.
func ParseToken(field, token string) (c Cursor, ok bool, err error) {
	c, ok, err = parseToken(field, token)
	if err == nil && c.Backward {
		return Cursor{}, false, fault.InvalidField(field, badToken)
	}
	return c, ok, err
}

func parseToken(field, token string) (c Cursor, ok bool, err error) {
	if token == "" {
		return Cursor{}, false, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(token)
	var j cursorJSON
	if err == nil {
		err = json.Unmarshal(b, &j)
	}
	if err != nil || j.K == "" {
		return Cursor{}, false, fault.InvalidField(field, badToken)
	}
	return Cursor{Time: time.UnixMicro(j.T), Key: j.K, Backward: j.B}, true, nil
}

// Keyset is one page of a list paged both ways by keyset on (time, id),
// newest first, with next and previous page tokens: what the handler reads
// and how it turns the rows read into the page. A query serving it reads
// Limit rows from the cursor in the direction asked (rows older than the
// cursor for a next page, newer for a previous one) and returns them in
// list order; the first page (no token) starts at the newest row.
//
// The sort key must never change while a row is listed (a creation time
// does not): a row whose key moved across a cursor would be skipped or
// seen twice while someone walks the list.
type Keyset struct {
	// Size is the page size served.
	Size int32
	// Limit is the rows to read: one more than the page, the one that
	// says whether the list goes on past it.
	Limit int32
	// At and AtID are the cursor's row; nil on the first page.
	At   *time.Time
	AtID *int64
	// Backward says the page is read towards the newest rows, before
	// the cursor.
	Backward bool
}

// ParseKeyset reads a request's page_token (field "page_token") and
// page_size under the list's sizes. A token this kind of list did not
// give is InvalidArgument on page_token.
func ParseKeyset(token string, size int32, sizes Sizes) (Keyset, error) {
	window, err := Page(0, size, sizes)
	if err != nil {
		return Keyset{}, err
	}
	c, ok, err := parseToken("page_token", token)
	if err != nil {
		return Keyset{}, err
	}
	k := Keyset{Size: window.Size, Limit: window.Size + 1}
	if !ok {
		return k, nil
	}
	id, err := strconv.ParseInt(c.Key, 10, 64)
	if err != nil || id <= 0 {
		return Keyset{}, fault.InvalidField("page_token", badToken)
	}
	k.At, k.AtID, k.Backward = &c.Time, &id, c.Backward
	return k, nil
}

// ParseForwardKeyset is ParseKeyset for a list paged forward only (a
// next_page_token and no previous one, as the order desk): a token asking
// for a previous page is InvalidArgument on page_token.
func ParseForwardKeyset(token string, size int32, sizes Sizes) (Keyset, error) {
	k, err := ParseKeyset(token, size, sizes)
	if err == nil && k.Backward {
		return Keyset{}, fault.InvalidField("page_token", badToken)
	}
	return k, err
}

// KeysetPage is the page a Keyset read gives: its rows in list order and
// the tokens of the pages around it, "" where there is none.
type KeysetPage[T any] struct {
	Rows     []T
	Next     string
	Previous string
}

// Cut trims rows, read for k in list order (newest first), to the page
// and gives the tokens of its neighbours. key is a row's sort key.
func Cut[T any](k Keyset, rows []T, key func(T) (time.Time, int64)) KeysetPage[T] {
	// The extra row, when there is one, lies beyond the page in the
	// direction read: after it going forward, before it going back.
	more := len(rows) > int(k.Size)
	if more && k.Backward {
		rows = rows[1:]
	} else if more {
		rows = rows[:k.Size]
	}
	p := KeysetPage[T]{Rows: rows}
	if len(rows) == 0 {
		return p
	}
	// Coming from a page means that page is still there to go back to.
	hasNext := more || (k.At != nil && k.Backward)
	hasPrevious := (more && k.Backward) || (k.At != nil && !k.Backward)
	if hasNext {
		t, id := key(rows[len(rows)-1])
		p.Next = Cursor{Time: t, Key: strconv.FormatInt(id, 10)}.Token()
	}
	if hasPrevious {
		t, id := key(rows[0])
		p.Previous = Cursor{Time: t, Key: strconv.FormatInt(id, 10), Backward: true}.Token()
	}
	return p
}
