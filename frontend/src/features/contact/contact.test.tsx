import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ContactSubject } from "@gen/sabores/v1/contact_pb";
import { ContactService, type SendContactMessageRequest, type SubscribeNewsletterRequest } from "@gen/sabores/v1/contact_service_pb";
import { Language } from "@gen/sabores/v1/food_pb";
import { newsletterConsentVersion } from "@/features/contact/subscribe";
import { renderApp } from "@/testing/render-app";

describe("newsletter box", () => {
  it("needs consent, sends it with its text version and asks to confirm by e-mail", async () => {
    const seen: SubscribeNewsletterRequest[] = [];
    const { user } = renderApp("/contact", (router) =>
      router.service(ContactService, { subscribeNewsletter: (req) => {
          seen.push(req);
          return {};
        } }),
    );
    const footer = await screen.findByRole("contentinfo");
    const box = within(footer).getByRole("form", { name: "Boletín" });
    await user.type(within(box).getByLabelText("Tu correo electrónico"), "ana@example.com");
    await user.click(within(box).getByRole("button", { name: "Suscribirse" }));
    expect(seen).toHaveLength(0); // the consent box is required
    await user.click(within(box).getByRole("checkbox"));
    await user.click(within(box).getByRole("button", { name: "Suscribirse" }));
    expect(await within(box).findByText("Te hemos enviado un correo: confirma la suscripción con su enlace.")).toBeInTheDocument();
    expect(seen[0]).toMatchObject({ email: "ana@example.com", consentVersion: newsletterConsentVersion, language: Language.ES });
  });

  it("says so when the shop limits the requests", async () => {
    const { user } = renderApp(
      "/contact",
      (router) =>
        router.service(ContactService, { subscribeNewsletter: () => {
            throw new ConnectError("too many", Code.ResourceExhausted);
          } }),
      "pt",
    );
    const box = within(await screen.findByRole("contentinfo")).getByRole("form", { name: "Newsletter" });
    await user.type(within(box).getByLabelText("O seu email"), "ana@example.com");
    await user.click(within(box).getByRole("checkbox"));
    await user.click(within(box).getByRole("button", { name: "Subscrever" }));
    expect(await within(box).findByText("Demasiadas tentativas. Tente de novo dentro de um minuto.")).toBeInTheDocument();
  });
});

describe("contact form", () => {
  it("sends the message to the shop and gives its number", async () => {
    const seen: SendContactMessageRequest[] = [];
    const { user } = renderApp(
      "/contact",
      (router) =>
        router.service(ContactService, { sendContactMessage: (req) => {
            seen.push(req);
            return { id: 7n };
          } }),
      "pt",
    );
    const form = await screen.findByRole("form", { name: "Envie-nos uma mensagem" });
    await user.type(within(form).getByLabelText("Nome"), "João");
    await user.type(within(form).getByLabelText("Email"), "joao@example.com");
    await user.selectOptions(within(form).getByLabelText("Assunto"), "pedido");
    await user.type(within(form).getByLabelText("Mensagem"), "Onde está a minha encomenda?");
    await user.click(within(form).getByRole("button", { name: "Enviar mensagem" }));
    expect(await within(form).findByText(/recebemos a sua mensagem \(n\.º 7\)/)).toBeInTheDocument();
    expect(seen[0]).toMatchObject({
      name: "João",
      email: "joao@example.com",
      subject: ContactSubject.ORDER,
      message: "Onde está a minha encomenda?",
      language: Language.PT,
    });
    await waitFor(() => expect(within(form).getByLabelText("Nome")).toHaveValue(""));
  });
});

describe("/newsletter", () => {
  it("confirms on the button, not on load", async () => {
    let calls = 0;
    const { user } = renderApp("/newsletter?confirmar=5.abc", (router) =>
      router.service(ContactService, { confirmNewsletter: (req) => {
          calls++;
          if (req.token !== "5.abc") throw new ConnectError("bad", Code.InvalidArgument);
          return { email: "ana@example.com" };
        } }),
    );
    const button = await screen.findByRole("button", { name: "Confirmar la suscripción" });
    expect(calls).toBe(0);
    await user.click(button);
    expect(await screen.findByText(/ana@example.com recibirá el boletín/)).toBeInTheDocument();
  });

  it("unsubscribes with the link of any newsletter e-mail", async () => {
    const { user } = renderApp(
      "/newsletter?baja=5.abc",
      (router) => router.service(ContactService, { unsubscribeNewsletter: () => ({ email: "ana@example.com" }) }),
      "pt",
    );
    await user.click(await screen.findByRole("button", { name: "Cancelar a subscrição" }));
    expect(await screen.findByText("ana@example.com não vai receber mais newsletters.")).toBeInTheDocument();
  });
});
