import { describe, expect, it } from 'vitest';
import { readDraft, writeDraft } from './drafts';
import { setSessionToken } from './session';

const asksBeforeLeaving = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('unsaved clinical text (lib/drafts)', () => {
  it('is kept while the session lasts and asked about before the tab closes; a sign-out forgets it', () => {
    setSessionToken('st_staff');
    expect(asksBeforeLeaving()).toBe(false);
    writeDraft('note:apt_1', { plan: 'Ibuprofeno 400 mg' });
    expect(asksBeforeLeaving()).toBe(true);
    // A refreshed token is the same session.
    setSessionToken('st_staff_refreshed');
    expect(readDraft('note:apt_1')).toEqual({ plan: 'Ibuprofeno 400 mg' });
    setSessionToken(null);
    expect(readDraft('note:apt_1')).toBeUndefined();
    expect(asksBeforeLeaving()).toBe(false);
  });

  it('an empty draft is nothing unsaved', () => {
    setSessionToken('st_staff');
    writeDraft('plan:apt_1', { conclusions: 'Migraña' });
    writeDraft('plan:apt_1', {});
    expect(readDraft('plan:apt_1')).toBeUndefined();
    expect(asksBeforeLeaving()).toBe(false);
  });
});
