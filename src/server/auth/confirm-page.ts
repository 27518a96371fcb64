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
 * D11's confirmation page: plain HTML with no script (the CSP allows none inline), one button that POSTs
 * the token back. Opening the link alone changes nothing.
 */
export function confirmPage(token: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Confirm your new password - Grid</title>
<style>body{font-family:system-ui,sans-serif;background:#020617;color:#f1f5f9;display:grid;place-items:center;min-height:100vh;margin:0}
main{max-width:28rem;padding:2rem;background:#0f172a;border-radius:1rem}button{background:#16a34a;color:#fff;border:0;border-radius:.5rem;padding:.75rem 1.25rem;font-size:1rem;cursor:pointer}</style>
</head>
<body><main>
<h1>Confirm your new password</h1>
<p>Someone asked to change the password of your Grid account. If it was you, confirm below. If not, close this page: nothing changes.</p>
<form method="post" action="/api/auth/confirm-password-change">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Confirm new password</button>
</form>
</main></body>
</html>
`
}
