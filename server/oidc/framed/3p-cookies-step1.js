'use strict';
// Sets two short-lived cookies, then lets step 2 see whether this frame may keep them.
document.cookie = 'KEYCLOAK_3P_COOKIE_SAMESITE=supported; max-age=60; samesite=none; secure';
document.cookie = 'KEYCLOAK_3P_COOKIE=supported; max-age=60';
location.replace('step2.html');
