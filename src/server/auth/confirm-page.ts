/** A query or form value that is exactly one string ('?token=a&token=b' is not a token). */
export function singleToken(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : null
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/**
 * The app's look in plain CSS (the page looked like no other Grid screen): the signed-out card of
 * the login screen (src/web/features/auth/ui.tsx), with the built app's font and Tailwind colours.
 * Inline, which the CSP allows for styles (http/security.ts), so the page needs neither the web build nor
 * a script.
 */
const APP_STYLE = `
:root{--slate-950:oklch(12.9% .042 264.695);--slate-900:oklch(20.8% .042 265.755);--slate-800:oklch(27.9% .041 260.031);
--slate-700:oklch(37.2% .044 257.287);--slate-400:oklch(70.4% .04 256.788);--slate-300:oklch(86.9% .022 252.894);
--slate-100:oklch(96.8% .007 247.896);--emerald-500:oklch(69.6% .17 162.48);--emerald-400:oklch(76.5% .177 163.223);
--sky-400:oklch(74.6% .16 232.661);--red-500:oklch(63.7% .237 25.331);--red-950:oklch(25.8% .092 26.042);--red-100:oklch(93.6% .032 17.717)}
*{box-sizing:border-box}
body{margin:0;background:var(--slate-950);color:var(--slate-100);line-height:1.5;-webkit-font-smoothing:antialiased;
font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue","Noto Sans",Arial,sans-serif,
"Apple Color Emoji","Segoe UI Emoji","Segoe UI Symbol","Noto Color Emoji"}
main{display:flex;min-height:100vh;background:var(--slate-950);align-items:center;justify-content:center;padding:2rem .75rem}
.card{width:100%;max-width:28rem;border:1px solid var(--slate-800);border-radius:1rem;background:var(--slate-900);padding:1.25rem;
box-shadow:0 20px 25px -5px rgb(0 0 0/.1),0 8px 10px -6px rgb(0 0 0/.1)}
header{margin-bottom:1.5rem;text-align:center}
h1{margin:0;font-size:1.5rem;line-height:2rem;font-weight:800;letter-spacing:-.025em}
.tagline{margin:.25rem 0 0;font-size:.875rem;line-height:1.25rem;color:var(--slate-400)}
h2{margin:0 0 .5rem;font-size:1.125rem;line-height:1.75rem;font-weight:600}
p{margin:0 0 1rem;font-size:.875rem;line-height:1.25rem;color:var(--slate-300)}
label{display:block;margin-bottom:.25rem;font-size:.875rem;line-height:1.25rem;font-weight:500;color:var(--slate-300)}
input{width:100%;border:1px solid var(--slate-700);border-radius:.5rem;background:var(--slate-950);padding:.5rem .75rem;color:var(--slate-100);font:inherit}
button{margin-top:1rem;width:100%;border:0;border-radius:.5rem;background:var(--emerald-500);padding:.625rem 1rem;color:var(--slate-950);font:inherit;font-weight:600;cursor:pointer}
button:hover{background:var(--emerald-400)}
input:focus-visible,button:focus-visible,a:focus-visible{outline:2px solid var(--sky-400);outline-offset:2px}
[role=alert]{display:flex;gap:.5rem;margin-bottom:1rem;border:1px solid color-mix(in oklab,var(--red-500) 60%,transparent);border-radius:.5rem;
background:color-mix(in oklab,var(--red-950) 60%,transparent);padding:.75rem;font-size:.875rem;line-height:1.25rem;color:var(--red-100)}
.back{margin:1.5rem 0 0;text-align:center}
a{color:var(--emerald-400);text-decoration:none}a:hover{text-decoration:underline}
@media (min-width:40rem){.card{padding:2rem}h1{font-size:1.875rem;line-height:2.25rem}}`

/**
 * Decision 011's confirmation page: plain HTML with no script (the CSP allows none inline). It asks for the new
 * password again and POSTs it with the token; the change applies only when it matches the one requested,
 * so a click by someone who did not make the request (or a mail scanner fetching the link) changes
 * nothing. `error` is shown when a try did not match.
 */
export function confirmPage(token: string, error: string | null = null): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Confirm your new password - Grid</title>
<style>${APP_STYLE}</style>
</head>
<body><main><div class="card">
<header><h1>Grid</h1><p class="tagline">your bets, your profits. visualized</p></header>
<h2>Confirm your new password</h2>
<p>Someone asked to change the password of your Grid account. If it was you, type the new password you chose once more. If not, close this page: nothing changes.</p>
${error ? `<div role="alert"><span aria-hidden="true">⚠</span><span>${escapeHtml(error)}</span></div>` : ''}
<form method="post" action="/api/auth/confirm-password-change">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required maxlength="200" autofocus>
<button type="submit">Confirm new password</button>
</form>
<p class="back"><a href="/login">Back to sign in</a></p>
</div></main></body>
</html>
`
}
