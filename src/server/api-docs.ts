// The introduction of the OpenAPI document at /api/docs: how to sign in, and how a script uses a
// personal API token (ADR 0033).
export const API_DESCRIPTION = `Personal and family finance. Amounts are decimal numbers with at most 2 decimals; negative is spending.

**Signing in.** In a browser, POST /api/auth/login sets the session cookie that authenticates every other call.
A script uses a **personal API token** instead (Settings → API tokens; shown once, starts with \`kw_\`), sent as
\`Authorization: Bearer <token>\`. A token acts with its member's role, account visibility and plan; a read-only
token only reads; every endpoint says below whether tokens may call it ("browser session only" refuses them with
403 TOKEN_NOT_ALLOWED: sign-in, two-step verification, sessions, tokens, password and e-mail, export and deletion,
bank linking, members and billing). When the header is present the request's cookies are ignored. An expired token
answers 401 TOKEN_EXPIRED; a revoked or unknown one 401 UNAUTHORIZED.

**This month's spending with curl:**

\`\`\`sh
export KINWISE_URL=http://localhost:3000 KINWISE_TOKEN=kw_…
curl -s -H "Authorization: Bearer $KINWISE_TOKEN" "$KINWISE_URL/api/analytics/monthly-summary"
# another month: …/api/analytics/monthly-summary?month=2026-10
\`\`\`

**The same with Node (18 or later), saved as spending.mjs and run with \`node spending.mjs\`:**

\`\`\`js
const res = await fetch(\`\${process.env.KINWISE_URL}/api/analytics/monthly-summary\`, {
  headers: { Authorization: \`Bearer \${process.env.KINWISE_TOKEN}\` },
})
if (!res.ok) throw new Error(\`\${res.status}: \${(await res.json()).message}\`)
const m = await res.json()
console.log(\`Spent in \${m.month}: \${Math.abs(m.expenses).toFixed(2)}\`)
for (const c of m.categorySpending) console.log(\`  \${c.categoryName}: \${Math.abs(c.total).toFixed(2)}\`)
\`\`\`
`
