import type { Language } from '@puente/domain';
import type { CardCheckoutRow } from '../../db/schema';

const TEXT: Record<Language, Record<'title' | 'plan' | 'total' | 'card' | 'pay' | 'declined' | 'paid' | 'hint', string>> = {
  es: {
    title: 'Pago de prueba',
    plan: 'Plan',
    total: 'Total',
    card: 'Número de tarjeta',
    pay: 'Pagar',
    declined: 'Tu tarjeta fue rechazada. Intenta con otra tarjeta.',
    paid: 'Este pago ya se completó.',
    hint: 'Entorno de prueba sin conexión: 4242 4242 4242 4242 paga; 4000 0000 0000 0002 es rechazada.',
  },
  en: {
    title: 'Test payment',
    plan: 'Plan',
    total: 'Total',
    card: 'Card number',
    pay: 'Pay',
    declined: 'Your card was declined. Try another card.',
    paid: 'This payment is already complete.',
    hint: 'Offline test environment: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.',
  },
};

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The local provider's checkout: a plain HTML form (no script, so the strict CSP holds) framed
 * by the web app's full-screen card modal. It posts to our server inside the frame; the modal
 * sees the checkout complete (it polls its status) and moves on to /payment-loading.
 */
export function localCheckoutPage(input: { checkout: CardCheckoutRow; lang: Language; declined: boolean; action: string }): string {
  const t = TEXT[input.lang];
  const { checkout } = input;
  const total = new Intl.NumberFormat(input.lang === 'es' ? 'es-MX' : 'en-US', { style: 'currency', currency: checkout.currency }).format(checkout.amountMinor / 100);
  const open = checkout.status === 'open';
  return `<!doctype html>
<html lang="${input.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.title}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:24px;color:#1a1a1a;background:#fff}
main{max-width:420px;margin:0 auto}
h1{font-size:1.5rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px}
dt{font-weight:700}
label{display:block;font-weight:700;margin:16px 0 6px}
input{width:100%;box-sizing:border-box;font-size:1.1rem;padding:12px;border:1px solid #555;border-radius:8px}
button{margin-top:16px;width:100%;padding:14px;font-size:1.1rem;font-weight:700;color:#fff;background:#0b5394;border:0;border-radius:8px;cursor:pointer}
.error{color:#a4000f;font-weight:700}
.hint{color:#444;font-size:.9rem}
</style></head>
<body><main>
<h1>${t.title}</h1>
<dl><dt>${t.plan}</dt><dd data-testid="local-checkout-plan">${escape(checkout.planId)}</dd><dt>${t.total}</dt><dd data-testid="local-checkout-total">${escape(total)}</dd></dl>
${input.declined ? `<p class="error" role="alert" data-testid="local-checkout-declined">${t.declined}</p>` : ''}
${
  open
    ? `<form method="post" action="${escape(input.action)}">
<input type="hidden" name="lang" value="${input.lang}">
<label for="card">${t.card}</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required maxlength="23" data-testid="local-checkout-card">
<button type="submit" data-testid="local-checkout-pay">${t.pay}</button>
</form>`
    : `<p>${t.paid}</p>`
}
<p class="hint">${t.hint}</p>
</main></body></html>`;
}
