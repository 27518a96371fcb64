/** docs/spec/product-spec.md §2 and decision 014: how the account is protected, in plain words. */
export function SecurityNotice() {
  return (
    <aside
      aria-labelledby="settings-security-title"
      className="rounded-xl border border-sky-500/40 bg-sky-950/30 p-4 text-sm text-sky-100 sm:p-5"
    >
      <h2 id="settings-security-title" className="mb-2 text-base font-semibold text-white">
        Security notice
      </h2>
      <ul className="list-disc space-y-1 pl-5">
        <li>Your password is never stored: only a one-way hash made with argon2id.</li>
        <li>Sign-in sessions last 7 days in a secure, httpOnly cookie; logging out ends them at once.</li>
        <li>Two-factor authentication is strongly recommended for every account.</li>
        <li>Grid is a tracker: it never places bets and never holds your money.</li>
      </ul>
    </aside>
  )
}
