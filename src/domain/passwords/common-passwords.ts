/**
 * The second password rule, after the spec's length rule: no password from the top of
 * the lists of leaked passwords, and not the person's own e-mail address or the part
 * of it before the @. Pure, and small enough for the first screen's script budget:
 * only entries the length rule lets through (nine characters or more) are listed, as
 * shorter ones are refused before this rule is asked. Compared without regard to case
 * or surrounding spaces, as people retype them.
 */
export const COMMON_PASSWORD = 'This password is too easy to guess: it is one of the most used passwords, or your e-mail address. Choose another.';

// The most used passwords of nine or more characters in public breach lists (NCSC's
// top 100,000, SplashData's yearly lists), lower-cased.
const COMMON = new Set(
  (
    '123456789 1234567890 12345678910 123456789a 123456789q 1234567899 0123456789 987654321 9876543210 ' +
    '111111111 1111111111 000000000 0000000000 123123123 123321123 999999999 888888888 777777777 666666666 555555555 ' +
    '444444444 333333333 222222222 147258369 159753159 123654789 741852963 789456123 147852369 963852741 ' +
    '112233445 1122334455 121212121 123412341 1234512345 123456123 123456654321 password1 password12 ' +
    'password123 password1234 password! password1! passw0rd1 p@ssw0rd1 p@ssword1 password01 mypassword ' +
    'mypassword1 newpassword yourpassword thepassword passwords password2 password3 password7 password11 ' +
    'qwertyuiop qwerty123 qwerty1234 qwertyuiop1 qwerty12345 1qaz2wsx3edc 1q2w3e4r5t 1q2w3e4r5t6y ' +
    'zaq1zaq1z asdfghjkl asdfghjkl1 zxcvbnm123 qazwsxedc qazwsxedcrfv 1qazxsw23edc q1w2e3r4t5 q1w2e3r4t5y6 ' +
    'a1b2c3d4e5 abc123456 abcd12345 abcdefghi abcdefghij abcdefg123 aaaaaaaaa iloveyou1 iloveyou2 iloveyou! ' +
    'iloveyou12 iloveyou123 ilovemymom ilovemyself loveyou123 sunshine1 princess1 football1 baseball1 ' +
    'basketball superman1 batman123 welcome123 welcome1! welcome12 letmein123 letmein12 trustno1! ' +
    'whatever1 starwars1 dragon123 monkey123 shadow123 master123 jennifer1 jordan23! charlie123 ' +
    'computer1 computer123 internet1 changeme1 changeme123 administrator admin1234 admin12345 admin123! ' +
    'adminadmin administrator1 rootroot1 secret123 default123 login1234 test12345 testtest1 testing123 ' +
    '1password 12password 123password password2020 password2021 password2022 password2023 ' +
    'password2024 password2025 password2026 summer2024 summer2025 summer2026 winter2024 winter2025 ' +
    'winter2026 spring2025 spring2026 autumn2025 january2026 football123 baseball123 soccer123 ' +
    'liverpool1 chelsea123 arsenal123 manchester1 pokemon123 minecraft1 minecraft123 fortnite1 ' +
    'chocolate1 butterfly1 sunflower1 christmas1 happyday1 blink18200 michelle1 jessica12 ' +
    'elizabeth1 alexander1 victoria1 anthony1! daniel123 jonathan1 samantha1 nicholas1 benjamin1 ' +
    'qwer1234! asdf12345 zxcv12345 1234qwer! 1234asdf! 1a2b3c4d5e 11223344556 aa123456789 ' +
    'q123456789 a123456789 1234567890a qwertyui1 asdfasdf1 asdfasdfasdf zxcvbnm12 zxcvbnmasd ' +
    'googledummy 1qaz!qaz1 !qaz2wsx !qaz@wsx1 1qaz@wsx3edc zaq!2wsx3 p4ssw0rd! passpass1 ' +
    'crm123456 salesforce1 welcometo1 company123 business1 customer1 '
  )
    .trim()
    .split(/\s+/),
);

/** The one message of the rule, or undefined when the password passes it. */
export function commonPasswordProblem(password: string, email: string): string | undefined {
  const candidate = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  if (COMMON.has(candidate)) return COMMON_PASSWORD;
  if (address !== '' && (candidate === address || candidate === localPart)) return COMMON_PASSWORD;
  return undefined;
}
