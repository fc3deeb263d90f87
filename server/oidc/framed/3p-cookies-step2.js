'use strict';
const supported = document.cookie.includes('KEYCLOAK_3P_COOKIE');
document.cookie = 'KEYCLOAK_3P_COOKIE_SAMESITE=; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=none; secure';
document.cookie = 'KEYCLOAK_3P_COOKIE=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
window.parent.postMessage(supported ? 'supported' : 'unsupported', '*');
