'use strict';
// keycloak-js posts "<client id> <session id>"; the answer is unchanged, changed or error.
let allowed;
let asked = false;

window.addEventListener('message', async (event) => {
  if (typeof event.data !== 'string') return;
  const parts = event.data.split(' ');
  if (parts.length !== 2) return;
  const [clientId, sessionId] = parts;
  event.source.postMessage(await sessionStatus(clientId, event.origin, sessionId), event.origin);
});

async function sessionStatus(clientId, origin, sessionId) {
  if (!(await mayReadCookies())) return 'error';
  if (!allowed) {
    // One question to the server per frame: a page cannot make it ask again and again.
    if (asked) return 'error';
    asked = true;
    const url = new URL(location.origin + location.pathname + '/init');
    url.searchParams.set('client_id', clientId);
    url.searchParams.set('origin', origin);
    const response = await fetch(url);
    if (!response.ok) return 'error';
    allowed = { clientId, origin };
  }
  if (clientId !== allowed.clientId || origin !== allowed.origin) return 'error';
  const cookie = cookieNamed('KEYCLOAK_SESSION');
  if (!cookie) return sessionId === '' ? 'unchanged' : 'changed';
  return cookie === (await sha256(sessionId)) ? 'unchanged' : 'changed';
}

async function mayReadCookies() {
  if (!('hasStorageAccess' in document) || (await document.hasStorageAccess())) return true;
  try {
    await document.requestStorageAccess();
    return true;
  } catch {
    return false;
  }
}

function cookieNamed(name) {
  for (const pair of document.cookie.split(';')) {
    const [key, value] = pair.split('=').map((part) => part.trim());
    if (key === name) return value;
  }
  return undefined;
}

async function sha256(text) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
