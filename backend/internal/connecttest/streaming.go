package connecttest

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
)

// StreamingContentType is the Connect protocol's content type of a
// streaming call in JSON.
const StreamingContentType = "application/connect+json"

// StreamingBody frames msg as the one request message of a Connect
// streaming call, so tests that post JSON by hand reach server-streaming
// RPCs (ExportCatalogue) as well as unary ones.
func StreamingBody(msg []byte) []byte {
	out := make([]byte, 5, 5+len(msg))
	binary.BigEndian.PutUint32(out[1:], uint32(len(msg)))
	return append(out, msg...)
}

// StreamingOutcome reads a Connect streaming response: the number of
// messages it carried, and the code and message of the error it ended
// with ("" for none).
func StreamingOutcome(raw []byte) (messages int, code, message string, err error) {
	for len(raw) > 0 {
		if len(raw) < 5 {
			return messages, "", "", errors.New("connecttest: truncated stream frame")
		}
		flags, size := raw[0], binary.BigEndian.Uint32(raw[1:5])
		if uint64(len(raw)-5) < uint64(size) {
			return messages, "", "", errors.New("connecttest: truncated stream message")
		}
		data := raw[5 : 5+size]
		raw = raw[5+size:]
		if flags&0x02 == 0 {
			messages++
			continue
		}
		var end struct {
			Error *struct{ Code, Message string }
		}
		if err := json.Unmarshal(data, &end); err != nil {
			return messages, "", "", fmt.Errorf("connecttest: end of stream: %w", err)
		}
		if end.Error != nil {
			return messages, end.Error.Code, end.Error.Message, nil
		}
		return messages, "", "", nil
	}
	return messages, "", "", errors.New("connecttest: stream without its end message")
}
