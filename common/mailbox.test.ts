import { describe, expect, it } from 'vitest';
import { mailboxKey } from './mailbox';

describe('mailboxKey (issue 25: one mailbox, one budget)', () => {
  it('folds case, plus tags, Gmail dots and googlemail.com into one mailbox', () => {
    const one = ['victim@gmail.com', 'Victim@Gmail.com', 'victim+1@gmail.com', 'v.i.c.t.i.m+x@googlemail.com', ' victim@GMAIL.COM '];
    expect(new Set(one.map(mailboxKey))).toEqual(new Set(['victim@gmail.com']));
  });

  it('drops plus tags at any provider but keeps dots outside Gmail', () => {
    expect(mailboxKey('jo+deals@example.co.uk')).toBe('jo@example.co.uk');
    expect(mailboxKey('jo.bloggs@example.co.uk')).toBe('jo.bloggs@example.co.uk');
    expect(mailboxKey('jo.bloggs@example.co.uk')).not.toBe(mailboxKey('jobloggs@example.co.uk'));
  });

  it('keeps different mailboxes apart and leaves a leading plus alone', () => {
    expect(mailboxKey('alice@example.com')).not.toBe(mailboxKey('bob@example.com'));
    expect(mailboxKey('+x@example.com')).toBe('+x@example.com');
    expect(mailboxKey('no-at-sign')).toBe('no-at-sign');
  });
});
