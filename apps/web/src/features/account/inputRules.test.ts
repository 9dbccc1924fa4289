import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  filterNameInput,
  filterUserIdInput,
  formatPhone344,
  formatPhoneWhenComplete,
  isAcceptedImage,
  isEmail,
} from './inputRules.ts';

describe('account input rules (seed 000 §5)', () => {
  it('the user id keeps letters, digits and the seed punctuation and drops everything else', () => {
    expect(filterUserIdInput('a b+c-d_e~`[]=;/\\\'x!#$%^&*(),.?":{}|<>@y.com')).toBe(
      'ab+c-d_ex!#$%^&*(),.?":{}|<>@y.com',
    );
    expect(filterUserIdInput('김demo@tickline.dev')).toBe('demo@tickline.dev');
  });

  it('the name keeps letters of any script and digits only', () => {
    expect(filterNameInput('Jo hn_Doe-7!')).toBe('JohnDoe7');
    expect(filterNameInput('홍 길동9')).toBe('홍길동9');
  });

  it('the register phone is digits shown 3-4-4 while typing, at most 11 digits', () => {
    expect(formatPhone344('010')).toBe('010');
    expect(formatPhone344('0101')).toBe('010-1');
    expect(formatPhone344('0101234')).toBe('010-1234');
    expect(formatPhone344('01012345')).toBe('010-1234-5');
    expect(formatPhone344('010a1234b5678 9')).toBe('010-1234-5678');
  });

  it('formatting the phone twice changes nothing, and it never holds more than 11 digits', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const once = formatPhone344(raw);
        expect(formatPhone344(once)).toBe(once);
        expect(once.replace(/-/g, '')).toMatch(/^\d{0,11}$/);
      }),
    );
  });

  it('find ID formats the phone only once it has exactly 11 digits', () => {
    expect(formatPhoneWhenComplete('0100000000')).toBe('0100000000');
    expect(formatPhoneWhenComplete('01000000001')).toBe('010-0000-0001');
    expect(formatPhoneWhenComplete('010-00x00')).toBe('010-0000');
  });

  it('an email needs something@something.tld without spaces', () => {
    expect(isEmail('demo@tickline.dev')).toBe(true);
    expect(isEmail(' demo@tickline.dev ')).toBe(true);
    expect(isEmail('demo@tickline')).toBe(false);
    expect(isEmail('de mo@tickline.dev')).toBe(false);
    expect(isEmail('not-an-email')).toBe(false);
  });

  it('only JPEG and PNG files are accepted as KYC images', () => {
    const file = (type: string) => new File([new Uint8Array([1])], 'x', { type });
    expect(isAcceptedImage(file('image/png'))).toBe(true);
    expect(isAcceptedImage(file('image/jpeg'))).toBe(true);
    expect(isAcceptedImage(file('image/gif'))).toBe(false);
    expect(isAcceptedImage(file('text/plain'))).toBe(false);
    expect(isAcceptedImage(null)).toBe(false);
  });
});
