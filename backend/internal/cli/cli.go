// Package cli is shopd's command line: `shopd [command] [flags]`. Every
// command accepts the configuration flags of package config; a command adds
// its own flags and registers itself from its own file, so adding one (say
// `admin grant`) touches nothing else.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/server"
)

// Command is one subcommand of shopd.
type Command struct {
	// Name is what the user types, e.g. "seed" or "admin grant".
	Name string
	// Args describes the positional arguments for the usage line.
	Args string
	// Summary is the one-line help.
	Summary string
	// Flags adds the command's own flags to fs and returns what Run gets
	// as opts once they are parsed; nil when the command has none.
	Flags func(fs *flag.FlagSet) any
	// Run does the work. args are the positional arguments.
	Run func(ctx context.Context, app *App, opts any, args []string) error
}

// App is what every command gets: the configuration, a logger and where
// to write output meant for the user (results to Stdout, progress to Stderr).
type App struct {
	Config *config.Config
	Log    *slog.Logger
	Stdout io.Writer
	Stderr io.Writer
}

var commands []*Command

// register adds a command; each command file calls it from init.
func register(c *Command) {
	commands = append(commands, c)
}

// defaultCommand runs when no command is named, so `shopd` starts the shop.
const defaultCommand = "serve"

// Main runs shopd with args (without the program name) and returns the
// process exit code. SIGINT and SIGTERM cancel the command's context; a
// second signal kills the process.
func Main(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop()
	}()
	err := Run(ctx, args, os.LookupEnv, os.Stdout, os.Stderr)
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 2
	default:
		slog.Error("shopd failed", "error", err)
		return 1
	}
}

// Run parses args, loads the configuration, sets up logging and runs the
// command. lookupEnv is os.LookupEnv outside tests.
func Run(ctx context.Context, args []string, lookupEnv func(string) (string, bool), stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "help" {
		usage(stdout)
		return nil
	}
	cmd, rest := find(args)
	if cmd == nil {
		usage(stderr)
		return fmt.Errorf("unknown command %q", strings.Join(args, " "))
	}
	fs := flag.NewFlagSet("shopd "+cmd.Name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: shopd %s [flags] %s\n\n%s\n\nFlags (each also read from the environment variable named in brackets):\n", cmd.Name, cmd.Args, cmd.Summary)
		fs.PrintDefaults()
	}
	cfgFlags := config.BindFlags(fs)
	var opts any
	if cmd.Flags != nil {
		opts = cmd.Flags(fs)
	}
	if err := fs.Parse(rest); err != nil {
		return err
	}
	cfg, err := cfgFlags.Load(lookupEnv)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	slog.SetDefault(log)
	return cmd.Run(ctx, &App{Config: cfg, Log: log, Stdout: stdout, Stderr: stderr}, opts, fs.Args())
}

// find picks the command whose (possibly multi-word) name starts args, the
// longest one winning; with no command named it is serve.
func find(args []string) (*Command, []string) {
	var best *Command
	for _, c := range commands {
		words := strings.Fields(c.Name)
		if len(words) <= len(args) && slices.Equal(words, args[:len(words)]) &&
			(best == nil || len(words) > len(strings.Fields(best.Name))) {
			best = c
		}
	}
	if best != nil {
		return best, args[len(strings.Fields(best.Name)):]
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		for _, c := range commands {
			if c.Name == defaultCommand {
				return c, args
			}
		}
	}
	return nil, args
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Usage: shopd [command] [flags]\n\nCommands:")
	sorted := slices.Clone(commands)
	slices.SortFunc(sorted, func(a, b *Command) int { return strings.Compare(a.Name, b.Name) })
	for _, c := range sorted {
		fmt.Fprintf(w, "  %-22s %s\n", strings.TrimSpace(c.Name+" "+c.Args), c.Summary)
	}
	fmt.Fprintln(w, "\nWithout a command shopd serves. Run `shopd COMMAND -h` for its flags.")
}

// newLogger builds the process logger from LOG_LEVEL and LOG_FORMAT; every
// record logged within a request carries that request's id.
func newLogger(cfg *config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	var h slog.Handler = slog.NewTextHandler(w, opts)
	if cfg.LogFormat == "json" {
		h = slog.NewJSONHandler(w, opts)
	}
	return slog.New(server.ContextHandler{Handler: h})
}
