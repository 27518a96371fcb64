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
 * D11's confirmation page: plain HTML with no script (the CSP allows none inline). It asks for the new
 * password again and POSTs it with the token; the change applies only when it matches the one requested,
 * so a click by someone who did not make the request (or a mail scanner fetching the link) changes
 * nothing. `error` is shown when a try did not match.
 */
export function confirmPage(token: string, error: string | null = null): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Confirm your new password - Grid</title>
<style>body{font-family:system-ui,sans-serif;background:#020617;color:#f1f5f9;display:grid;place-items:center;min-height:100vh;margin:0}
main{max-width:28rem;padding:2rem;background:#0f172a;border-radius:1rem}label{display:block;margin:1rem 0 .25rem}
input[type=password]{box-sizing:border-box;width:100%;padding:.6rem;border-radius:.5rem;border:1px solid #475569;background:#020617;color:#f1f5f9;font-size:1rem}
button{margin-top:1rem;background:#16a34a;color:#fff;border:0;border-radius:.5rem;padding:.75rem 1.25rem;font-size:1rem;cursor:pointer}
[role=alert]{background:#7f1d1d;border-radius:.5rem;padding:.6rem .8rem}</style>
</head>
<body><main>
<h1>Confirm your new password</h1>
<p>Someone asked to change the password of your Grid account. If it was you, type the new password you chose once more. If not, close this page: nothing changes.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/api/auth/confirm-password-change">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required maxlength="200" autofocus>
<button type="submit">Confirm new password</button>
</form>
</main></body>
</html>
`
}
