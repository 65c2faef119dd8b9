package main

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"strings"
	"sync/atomic"
	"time"
)

// mailSink is the SMTP server the benchmark's shopd sends its e-mails to: it
// accepts every message and keeps nothing but a count. Without one, each
// order's e-mail job failed to connect and River retried it with backoff
// for minutes, so the scenarios after place-order shared the machine with
// thousands of retries no shop with a mail server makes (measured: about
// 95 ms of shopd and PostgreSQL CPU a second after 870 orders). With it an
// order costs what it costs in production: one e-mail sent, once.
type mailSink struct {
	ln        net.Listener
	delivered atomic.Int64
}

// startMailSink listens on a free local port until ctx ends.
func startMailSink(ctx context.Context) (*mailSink, error) {
	ln, err := new(net.ListenConfig).Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("mail sink: %w", err)
	}
	s := &mailSink{ln: ln}
	go func() {
		<-ctx.Done()
		_ = ln.Close()
	}()
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(conn)
		}
	}()
	return s, nil
}

// port is the port shopd's SMTP_PORT names.
func (s *mailSink) port() int { return s.ln.Addr().(*net.TCPAddr).Port }

// serve speaks just enough SMTP (RFC 5321) for one client: no extensions,
// no TLS, every command accepted.
func (s *mailSink) serve(conn net.Conn) {
	defer func() { _ = conn.Close() }()
	r, w := bufio.NewReader(conn), bufio.NewWriter(conn)
	reply := func(line string) bool {
		_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
		_, err := w.WriteString(line + "\r\n")
		return err == nil && w.Flush() == nil
	}
	if !reply("220 bench mail sink") {
		return
	}
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		verb, _, _ := strings.Cut(strings.ToUpper(strings.TrimSpace(line)), " ")
		switch verb {
		case "EHLO", "HELO":
			reply("250 bench")
		case "DATA":
			if !reply("354 end with <CRLF>.<CRLF>") {
				return
			}
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" || l == ".\n" {
					break
				}
			}
			s.delivered.Add(1)
			reply("250 queued")
		case "QUIT":
			reply("221 bye")
			return
		default:
			reply("250 ok")
		}
	}
}
