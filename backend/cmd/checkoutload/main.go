// Command checkoutload drives whole card checkouts against a running shopd
// for the benchmark (bench/checkout.go): each of -conns workers places a
// card order as a signed-in bench shopper, starts its payment, then posts
// the Redsys notification of an approved payment, signed with the
// published test key through package redsys, as Redsys (or the development
// gateway) would. A checkout counts once the notification is answered 200,
// the order then paid. It prints one JSON object: checkouts per second,
// latency percentiles of the whole checkout, errors. It lives under
// backend/ because only code there may import backend/internal/redsys.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/redsys"
)

// result is what the benchmark reads.
type result struct {
	Conns      int     `json:"conns"`
	Checkouts  int64   `json:"checkouts"`
	Errors     int64   `json:"errors"`
	PerSec     float64 `json:"checkouts_per_sec"`
	P50MS      float64 `json:"p50_ms"`
	P99MS      float64 `json:"p99_ms"`
	FirstError string  `json:"first_error,omitempty"`
}

func main() {
	base := flag.String("base", "http://127.0.0.1:8090", "shopd's address")
	conns := flag.Int("conns", 8, "concurrent shoppers")
	duration := flag.Duration("duration", 3*time.Second, "how long to run")
	from := flag.Int("from", 1, "first bench shopper (session token bench-N)")
	skip := flag.Int64("skip", 0, "checkouts already made: where the shoppers' rotation starts")
	shoppers := flag.Int("shoppers", 4000, "how many shoppers to spread orders over")
	products := flag.String("products", "", "comma-separated product ids to buy")
	flag.Parse()
	var ids []int64
	for f := range strings.SplitSeq(*products, ",") {
		id, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
		if err != nil {
			log.Fatalf("checkoutload: -products: %v", err)
		}
		ids = append(ids, id)
	}
	merchant, err := redsys.NewMerchant(redsys.TestMerchantCode, redsys.TestTerminal, redsys.TestSecretKey)
	if err != nil {
		log.Fatal(err)
	}
	l := &load{base: *base, merchant: merchant, products: ids, from: *from, shoppers: *shoppers,
		client: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: *conns}}}
	l.next.Store(*skip)
	res := l.run(*conns, *duration)
	if err := json.NewEncoder(os.Stdout).Encode(res); err != nil {
		log.Fatal(err)
	}
}

type load struct {
	base     string
	merchant *redsys.Merchant
	client   *http.Client
	products []int64
	from     int
	shoppers int
	next     atomic.Int64
}

func (l *load) run(conns int, d time.Duration) result {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var mu sync.Mutex
	var took []time.Duration
	var errs atomic.Int64
	var first atomic.Value
	var wg sync.WaitGroup
	start := time.Now()
	for range conns {
		wg.Go(func() {
			for ctx.Err() == nil {
				t0 := time.Now()
				// The checkout finishes even when the time is up, so no
				// order is left half paid by the bench.
				if err := l.checkout(context.WithoutCancel(ctx)); err != nil {
					errs.Add(1)
					first.CompareAndSwap(nil, err.Error())
					continue
				}
				mu.Lock()
				took = append(took, time.Since(t0))
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(took)
	res := result{Conns: conns, Checkouts: int64(len(took)), Errors: errs.Load(), PerSec: float64(len(took)) / elapsed.Seconds()}
	if len(took) > 0 {
		res.P50MS = ms(took[len(took)*50/100])
		res.P99MS = ms(took[min(len(took)-1, len(took)*99/100)])
	}
	if e, ok := first.Load().(string); ok {
		res.FirstError = e
	}
	return res
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// checkout places a card order, starts its payment and notifies its approval.
func (l *load) checkout(ctx context.Context) error {
	n := l.next.Add(1)
	shopper := l.from + int(n)%l.shoppers
	session := fmt.Sprintf("sabores_session=bench-%d", shopper)
	p := l.products[int(n)%len(l.products)]
	var placed struct {
		Order struct {
			ID string `json:"id"`
		} `json:"order"`
	}
	err := l.rpc(ctx, "OrderService/PlaceOrder", session, map[string]any{
		"idempotencyKey": uuid.NewString(),
		"lines":          []map[string]any{{"productId": p, "quantity": 1}},
		"delivery": map[string]any{"name": "Shopper", "email": fmt.Sprintf("shopper%d@bench.example", shopper), "phone": "+34 600 000 000",
			"address": "Calle Mayor 1", "city": "Madrid", "postalCode": "28013"},
		"paymentMethod": "PAYMENT_METHOD_CARD",
		// Some of the catalogue is for adults only: the shopper declares it.
		"ageDeclared": true,
	}, &placed)
	if err != nil {
		return err
	}
	var form struct {
		MerchantParameters string `json:"merchantParameters"`
	}
	if err := l.rpc(ctx, "OrderService/StartPayment", session, map[string]any{"orderId": placed.Order.ID}, &form); err != nil {
		return err
	}
	asked, err := redsys.DecodeParameters(form.MerchantParameters)
	if err != nil {
		return err
	}
	now := time.Now()
	n2, err := l.merchant.SignNotification(map[string]string{
		"Ds_Date": url.QueryEscape(now.Format("02/01/2006")), "Ds_Hour": url.QueryEscape(now.Format("15:04")),
		"Ds_SecurePayment": "1", "Ds_Amount": asked.Get("DS_MERCHANT_AMOUNT"), "Ds_Currency": redsys.CurrencyEUR,
		"Ds_Order": asked.Get("DS_MERCHANT_ORDER"), "Ds_MerchantCode": l.merchant.Code, "Ds_Terminal": "001",
		"Ds_Response": "0000", "Ds_MerchantData": "", "Ds_TransactionType": redsys.TransactionAuthorisation,
		"Ds_AuthorisationCode": "482913", "Ds_ConsumerLanguage": "1",
	})
	if err != nil {
		return err
	}
	body := url.Values{
		"Ds_SignatureVersion": {n2.SignatureVersion}, "Ds_MerchantParameters": {n2.MerchantParameters}, "Ds_Signature": {n2.Signature},
	}.Encode()
	notifyURL := asked.Get("DS_MERCHANT_MERCHANTURL")
	if notifyURL == "" {
		return errors.New("checkoutload: the payment form names no notification URL")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, notifyURL, strings.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return l.do(req, nil)
}

// rpc calls a Connect procedure with JSON as the shopper.
func (l *load) rpc(ctx context.Context, procedure, session string, in, out any) error {
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, l.base+"/sabores.v1."+procedure, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Cookie", session)
	req.Header.Set("Origin", l.base)
	return l.do(req, out)
}

func (l *load) do(req *http.Request, out any) error {
	res, err := l.client.Do(req)
	if err != nil {
		return err
	}
	defer func() { _ = res.Body.Close() }()
	b, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: HTTP %d: %.200s", req.URL.Path, res.StatusCode, b)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(b, out)
}
