package devoidc

// This file is long on purpose: it implements zitadel's op.Storage (28
// methods), op.AuthRequest and op.Client (31 more), most of them one line,
// for one in-memory provider; split, each type would be spread over files.

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// devAuthRequestLifetime is how long the development login page may stay open.
const devAuthRequestLifetime = 10 * time.Minute

// devTokenLifetime is the life of the provider's access tokens; the shop
// uses them only to finish the sign-in.
const devTokenLifetime = 5 * time.Minute

var errDevNotFound = errors.New("devoidc: not found")

// devStorage is the built-in provider's state, all in memory: pending
// authorization requests and their codes, the people who signed in, access
// tokens, and an RSA key made at start. It supports exactly what the shop
// uses: the authorization-code flow with PKCE for one confidential client.
type devStorage struct {
	client devClient
	key    devSigningKey

	mu       sync.Mutex
	requests map[string]*devAuthRequest
	codes    map[string]string
	users    map[string]User
	tokens   map[string]devToken
}

// devToken is an access token the provider issued.
type devToken struct {
	subject string
	scopes  []string
	expires time.Time
}

var _ op.Storage = (*devStorage)(nil)

func newDevStorage(client devClient) (*devStorage, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, fmt.Errorf("devoidc signing key: %w", err)
	}
	return &devStorage{
		client:   client,
		key:      devSigningKey{id: rand.Text(), key: key},
		requests: make(map[string]*devAuthRequest),
		codes:    make(map[string]string),
		users:    make(map[string]User),
		tokens:   make(map[string]devToken),
	}, nil
}

// hashHex names an email without showing it: the first 16 hex digits of
// its SHA-256.
func hashHex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}

// completeLogin marks the request id as signed in by user.
func (s *devStorage) completeLogin(id string, user User) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	req, ok := s.requests[id]
	if !ok || time.Since(req.created) > devAuthRequestLifetime {
		return errDevNotFound
	}
	req.subject, req.done, req.authTime = user.Subject, true, time.Now()
	s.users[user.Subject] = user
	return nil
}

// pruneLocked forgets expired requests and tokens; s.mu must be held.
func (s *devStorage) pruneLocked() {
	now := time.Now()
	for id, req := range s.requests {
		if now.Sub(req.created) > devAuthRequestLifetime {
			delete(s.requests, id)
		}
	}
	for code, id := range s.codes {
		if _, ok := s.requests[id]; !ok {
			delete(s.codes, code)
		}
	}
	for id, t := range s.tokens {
		if now.After(t.expires) {
			delete(s.tokens, id)
		}
	}
}

// CreateAuthRequest implements op.Storage.
func (s *devStorage) CreateAuthRequest(_ context.Context, req *oidc.AuthRequest, _ string) (op.AuthRequest, error) {
	if len(req.Prompt) == 1 && req.Prompt[0] == oidc.PromptNone {
		return nil, oidc.ErrLoginRequired()
	}
	r := &devAuthRequest{
		id:           rand.Text(),
		created:      time.Now(),
		clientID:     req.ClientID,
		redirectURI:  req.RedirectURI,
		state:        req.State,
		nonce:        req.Nonce,
		scopes:       req.Scopes,
		responseType: req.ResponseType,
		responseMode: req.ResponseMode,
	}
	if req.CodeChallenge != "" {
		r.challenge = &oidc.CodeChallenge{Challenge: req.CodeChallenge, Method: req.CodeChallengeMethod}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pruneLocked()
	// Pending sign-ins live in memory for devAuthRequestLifetime: bounded,
	// so strangers starting sign-ins cannot grow it without end.
	if len(s.requests) >= 1000 {
		return nil, oidc.ErrServerError().WithDescription("too many sign-ins in progress, try again later")
	}
	s.requests[r.id] = r
	return r, nil
}

// AuthRequestByID implements op.Storage.
func (s *devStorage) AuthRequestByID(_ context.Context, id string) (op.AuthRequest, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	req, ok := s.requests[id]
	if !ok {
		return nil, errDevNotFound
	}
	return req, nil
}

// AuthRequestByCode implements op.Storage.
func (s *devStorage) AuthRequestByCode(ctx context.Context, code string) (op.AuthRequest, error) {
	s.mu.Lock()
	id, ok := s.codes[code]
	s.mu.Unlock()
	if !ok {
		return nil, errDevNotFound
	}
	return s.AuthRequestByID(ctx, id)
}

// SaveAuthCode implements op.Storage.
func (s *devStorage) SaveAuthCode(_ context.Context, id, code string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.codes[code] = id
	return nil
}

// DeleteAuthRequest implements op.Storage: a code works once.
func (s *devStorage) DeleteAuthRequest(_ context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.requests, id)
	for code, rid := range s.codes {
		if rid == id {
			delete(s.codes, code)
		}
	}
	return nil
}

// CreateAccessToken implements op.Storage.
func (s *devStorage) CreateAccessToken(_ context.Context, req op.TokenRequest) (string, time.Time, error) {
	id := rand.Text()
	expires := time.Now().Add(devTokenLifetime)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokens[id] = devToken{subject: req.GetSubject(), scopes: req.GetScopes(), expires: expires}
	return id, expires, nil
}

// CreateAccessAndRefreshTokens implements op.Storage; the shop asks for no
// refresh tokens.
func (s *devStorage) CreateAccessAndRefreshTokens(context.Context, op.TokenRequest, string) (string, string, time.Time, error) {
	return "", "", time.Time{}, oidc.ErrUnsupportedGrantType()
}

// TokenRequestByRefreshToken implements op.Storage.
func (s *devStorage) TokenRequestByRefreshToken(context.Context, string) (op.RefreshTokenRequest, error) {
	return nil, op.ErrInvalidRefreshToken
}

// TerminateSession implements op.Storage; the provider keeps no sessions.
func (s *devStorage) TerminateSession(context.Context, string, string) error { return nil }

// RevokeToken implements op.Storage.
func (s *devStorage) RevokeToken(_ context.Context, tokenOrID, _, _ string) *oidc.Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.tokens, tokenOrID)
	return nil
}

// GetRefreshTokenInfo implements op.Storage.
func (s *devStorage) GetRefreshTokenInfo(context.Context, string, string) (string, string, error) {
	return "", "", op.ErrInvalidRefreshToken
}

// SigningKey implements op.Storage.
func (s *devStorage) SigningKey(context.Context) (op.SigningKey, error) { return &s.key, nil }

// SignatureAlgorithms implements op.Storage.
func (s *devStorage) SignatureAlgorithms(context.Context) ([]jose.SignatureAlgorithm, error) {
	return []jose.SignatureAlgorithm{jose.RS256}, nil
}

// KeySet implements op.Storage.
func (s *devStorage) KeySet(context.Context) ([]op.Key, error) {
	return []op.Key{devPublicKey{&s.key}}, nil
}

// GetClientByClientID implements op.Storage.
func (s *devStorage) GetClientByClientID(_ context.Context, clientID string) (op.Client, error) {
	if clientID != ClientID {
		return nil, errDevNotFound
	}
	return s.client, nil
}

// AuthorizeClientIDSecret implements op.Storage.
func (s *devStorage) AuthorizeClientIDSecret(_ context.Context, clientID, secret string) error {
	if clientID != ClientID || subtle.ConstantTimeCompare([]byte(secret), []byte(s.client.secret)) != 1 {
		return oidc.ErrInvalidClient()
	}
	return nil
}

// SetUserinfoFromScopes implements op.Storage; SetUserinfoFromRequest does the work.
func (s *devStorage) SetUserinfoFromScopes(context.Context, *oidc.UserInfo, string, string, []string) error {
	return nil
}

// SetUserinfoFromRequest implements op.CanSetUserinfoFromRequest: the ID
// token carries the email and name.
func (s *devStorage) SetUserinfoFromRequest(_ context.Context, info *oidc.UserInfo, req op.IDTokenRequest, scopes []string) error {
	return s.setUserinfo(info, req.GetSubject(), scopes)
}

// SetUserinfoFromToken implements op.Storage (the userinfo endpoint).
func (s *devStorage) SetUserinfoFromToken(_ context.Context, info *oidc.UserInfo, tokenID, _, _ string) error {
	t, err := s.liveToken(tokenID)
	if err != nil {
		return err
	}
	return s.setUserinfo(info, t.subject, t.scopes)
}

// SetIntrospectionFromToken implements op.Storage.
func (s *devStorage) SetIntrospectionFromToken(_ context.Context, resp *oidc.IntrospectionResponse, tokenID, _, _ string) error {
	t, err := s.liveToken(tokenID)
	if err != nil {
		return err
	}
	info := new(oidc.UserInfo)
	if err := s.setUserinfo(info, t.subject, t.scopes); err != nil {
		return err
	}
	resp.SetUserInfo(info)
	resp.Scope = t.scopes
	resp.ClientID = ClientID
	return nil
}

// liveToken is the access token id names, errDevNotFound when it is unknown
// or has expired.
func (s *devStorage) liveToken(id string) (devToken, error) {
	s.mu.Lock()
	t, ok := s.tokens[id]
	s.mu.Unlock()
	if !ok || time.Now().After(t.expires) {
		return devToken{}, errDevNotFound
	}
	return t, nil
}

func (s *devStorage) setUserinfo(info *oidc.UserInfo, subject string, scopes []string) error {
	s.mu.Lock()
	user, ok := s.users[subject]
	s.mu.Unlock()
	if !ok {
		return errDevNotFound
	}
	for _, scope := range scopes {
		switch scope {
		case oidc.ScopeOpenID:
			info.Subject = user.Subject
		case oidc.ScopeEmail:
			info.Email = user.Email
			info.EmailVerified = true
		case oidc.ScopeProfile:
			info.Name = user.Name
		}
	}
	return nil
}

// GetPrivateClaimsFromScopes implements op.Storage; there are none.
func (s *devStorage) GetPrivateClaimsFromScopes(context.Context, string, string, []string) (map[string]any, error) {
	return nil, nil
}

// GetKeyByIDAndClientID implements op.Storage; the JWT profile grant is not supported.
func (s *devStorage) GetKeyByIDAndClientID(context.Context, string, string) (*jose.JSONWebKey, error) {
	return nil, errDevNotFound
}

// ValidateJWTProfileScopes implements op.Storage; the JWT profile grant is not supported.
func (s *devStorage) ValidateJWTProfileScopes(context.Context, string, []string) ([]string, error) {
	return nil, oidc.ErrUnsupportedGrantType()
}

// Health implements op.Storage.
func (s *devStorage) Health(context.Context) error { return nil }

// devAuthRequest is one authorization request in progress.
type devAuthRequest struct {
	id           string
	created      time.Time
	clientID     string
	redirectURI  string
	state        string
	nonce        string
	scopes       []string
	responseType oidc.ResponseType
	responseMode oidc.ResponseMode
	challenge    *oidc.CodeChallenge

	subject  string
	done     bool
	authTime time.Time
}

var _ op.AuthRequest = (*devAuthRequest)(nil)

func (r *devAuthRequest) GetID() string                         { return r.id }
func (r *devAuthRequest) GetACR() string                        { return "" }
func (r *devAuthRequest) GetAMR() []string                      { return []string{"pwd"} }
func (r *devAuthRequest) GetAudience() []string                 { return []string{r.clientID} }
func (r *devAuthRequest) GetAuthTime() time.Time                { return r.authTime }
func (r *devAuthRequest) GetClientID() string                   { return r.clientID }
func (r *devAuthRequest) GetCodeChallenge() *oidc.CodeChallenge { return r.challenge }
func (r *devAuthRequest) GetNonce() string                      { return r.nonce }
func (r *devAuthRequest) GetRedirectURI() string                { return r.redirectURI }
func (r *devAuthRequest) GetResponseType() oidc.ResponseType    { return r.responseType }
func (r *devAuthRequest) GetResponseMode() oidc.ResponseMode    { return r.responseMode }
func (r *devAuthRequest) GetScopes() []string                   { return r.scopes }
func (r *devAuthRequest) GetState() string                      { return r.state }
func (r *devAuthRequest) GetSubject() string                    { return r.subject }
func (r *devAuthRequest) Done() bool                            { return r.done }

// devClient is the shop, the provider's only client: a confidential web
// application using the authorization-code flow.
type devClient struct {
	secret       string
	redirectURIs []string
	loginURL     string
	devMode      bool
}

var _ op.Client = devClient{}

func (c devClient) GetID() string                       { return ClientID }
func (c devClient) RedirectURIs() []string              { return c.redirectURIs }
func (c devClient) PostLogoutRedirectURIs() []string    { return nil }
func (c devClient) ApplicationType() op.ApplicationType { return op.ApplicationTypeWeb }
func (c devClient) AuthMethod() oidc.AuthMethod         { return oidc.AuthMethodBasic }
func (c devClient) ResponseTypes() []oidc.ResponseType {
	return []oidc.ResponseType{oidc.ResponseTypeCode}
}
func (c devClient) GrantTypes() []oidc.GrantType         { return []oidc.GrantType{oidc.GrantTypeCode} }
func (c devClient) LoginURL(id string) string            { return c.loginURL + id }
func (c devClient) AccessTokenType() op.AccessTokenType  { return op.AccessTokenTypeBearer }
func (c devClient) IDTokenLifetime() time.Duration       { return devTokenLifetime }
func (c devClient) DevMode() bool                        { return c.devMode }
func (c devClient) IsScopeAllowed(string) bool           { return false }
func (c devClient) IDTokenUserinfoClaimsAssertion() bool { return true }
func (c devClient) ClockSkew() time.Duration             { return 0 }
func (c devClient) RestrictAdditionalIdTokenScopes() func([]string) []string {
	return func(s []string) []string { return s }
}
func (c devClient) RestrictAdditionalAccessTokenScopes() func([]string) []string {
	return func(s []string) []string { return s }
}

// devSigningKey signs the provider's ID tokens.
type devSigningKey struct {
	id  string
	key *rsa.PrivateKey
}

func (k *devSigningKey) SignatureAlgorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (k *devSigningKey) Key() any                                    { return k.key }
func (k *devSigningKey) ID() string                                  { return k.id }

// devPublicKey publishes the signing key's public half.
type devPublicKey struct{ k *devSigningKey }

func (p devPublicKey) ID() string                         { return p.k.id }
func (p devPublicKey) Algorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (p devPublicKey) Use() string                        { return "sig" }
func (p devPublicKey) Key() any                           { return &p.k.key.PublicKey }
