package paging

import (
	"encoding/base64"
	"encoding/json"
	"time"

	"github.com/sabores/sabores/backend/internal/apperr"
)

// Cursor is where a keyset page starts: the sort key of the previous page's
// last row, a time and a tie-breaking key (an id). Lists that must stay fast
// at any size page this way instead of by number: the next page is read
// from the index at the cursor, never by skipping rows with OFFSET.
type Cursor struct {
	Time time.Time
	Key  string
}

type cursorJSON struct {
	T int64  `json:"t"`
	K string `json:"k"`
}

// Token encodes c as an opaque page_token.
func (c Cursor) Token() string {
	b, _ := json.Marshal(cursorJSON{T: c.Time.UnixMicro(), K: c.Key}) //nolint:errchkjson // two plain fields
	return base64.RawURLEncoding.EncodeToString(b)
}

// ParseToken reads a page_token; "" is the first page (ok false). A token
// that is not one is InvalidArgument on field.
func ParseToken(field, token string) (c Cursor, ok bool, err error) {
	if token == "" {
		return Cursor{}, false, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(token)
	var j cursorJSON
	if err == nil {
		err = json.Unmarshal(b, &j)
	}
	if err != nil || j.K == "" {
		return Cursor{}, false, apperr.Invalid(field, "is not a page token this list gave")
	}
	return Cursor{Time: time.UnixMicro(j.T), Key: j.K}, true, nil
}
