/**
 * The few pages the embedded provider shows a person. They carry no inline
 * script: the app's Content-Security-Policy forbids it (the session-status pages
 * keycloak-js frames load theirs from files, see session-status.ts).
 */

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f0f2f5}
main{width:100%;max-width:380px;margin:16px;padding:32px;background:#fff;border-radius:8px;
  box-shadow:0 1px 3px rgba(15,23,42,.12),0 8px 24px rgba(15,23,42,.08)}
h1{margin:0 0 24px;font-size:1.5rem;font-weight:600;text-align:center}
p{margin:0 0 16px}
form{display:flex;flex-direction:column}
label{margin-bottom:4px;font-weight:500}
input{margin-bottom:16px;padding:10px 12px;font:inherit;border:1px solid #c3cad4;border-radius:6px}
input:focus{outline:2px solid #2563eb;outline-offset:1px;border-color:#2563eb}
button{padding:10px 12px;font:inherit;font-weight:600;color:#fff;background:#2563eb;border:0;border-radius:6px;cursor:pointer}
button:hover{background:#1d4ed8}
button:focus-visible{outline:2px solid #1e3a8a;outline-offset:2px}
button.secondary{margin-top:8px;color:#1f2933;background:#e4e7eb}
button.secondary:hover{background:#d2d6dc}
.error{padding:10px 12px;color:#9b1c1c;background:#fde8e8;border-radius:6px}
`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Wait a few seconds, then try again.';

export function loginPage({ action, email = '', error }: { action: string; email?: string; error?: string }): string {
  return page(
    'Sign in',
    `<h1>Sign in</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required ${email ? '' : 'autofocus '}value="${escapeHtml(email)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>`,
  );
}

/**
 * The sign-out page a person sees when a logout request does not prove who it signs
 * out (no valid id_token_hint for this session): Keycloak asks too. `form` is the
 * library's hidden form (id "op.logoutForm"); the buttons submit it.
 */
export function logoutPage({ form }: { form: string }): string {
  return page(
    'Sign out',
    `<h1>Sign out</h1>
<p>Do you want to sign out?</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>`,
  );
}

export function signedOutPage(): string {
  return page('Signed out', '<h1>Signed out</h1>\n<p>You have been signed out.</p>');
}

export function errorPage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
