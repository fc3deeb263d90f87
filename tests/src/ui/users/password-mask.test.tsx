// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, test } from 'vitest';
import { PASSWORD_MASK } from '../../../../src/domain/users/list-view';
import { ServicesProvider } from '../../../../src/ui/kit/services';
import UserListScreen from '../../../../src/ui/users/UserListScreen';
import { makeUser } from '../../../support/fixtures/users';
import { json, screenRoot, screenServices } from '../../../support/screen-harness.ts';

const screen = screenRoot({ quietConsole: false });

describe('the user list never trusts a secret to the API', () => {
  test('a password the API sends in plain text shows as the fixed mask; no password shows nothing', async () => {
    const users = [
      makeUser({ id: 1, name: 'Plain Text', password: 'hunter2-the-real-one' }),
      makeUser({ id: 2, name: 'Hashed', password: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA' }),
      makeUser({ id: 3, name: 'No Account', password: '' }),
    ];
    const services = screenServices({ '/api/users/getAllData/1': json(users) }, { profile: { id: 1, tenant_id: 1, role_id: 1 } });
    await act(async () => {
      screen.render(
        <ServicesProvider services={services}>
          <UserListScreen />
        </ServicesProvider>,
      );
    });
    await screen.until(() => screen.container.querySelectorAll('tbody tr').length === 3);
    const text = screen.container.textContent ?? '';
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('argon2');
    const cells = [...screen.container.querySelectorAll('tbody tr')].map((row) => row.querySelectorAll('td')[3]!.textContent);
    expect(cells).toEqual([PASSWORD_MASK, PASSWORD_MASK, '']);
  });
});
