import { afterEach, describe, expect, it } from 'vitest';
import { hideToast, screenChanged, showMissingFieldsToast, showToast, toastStore } from './toast';

afterEach(() => hideToast());

describe('a toast about its screen', () => {
  it('goes when another screen shows; one about an action stays (a success shown as the app moves on)', () => {
    screenChanged('/dependants/add');
    showMissingFieldsToast();
    expect(toastStore.get()).toMatchObject({ variant: 'warning', message: 'form_missing_fields', shownOn: '/dependants/add' });
    screenChanged('/dependants/add'); // the same screen again (a render): it stays
    expect(toastStore.get()).not.toBeNull();
    screenChanged('/dependants/invitation-sent');
    expect(toastStore.get()).toBeNull();

    showToast({ variant: 'success', message: 'admin_org_created' });
    screenChanged('/admin/organizaciones');
    expect(toastStore.get()).toMatchObject({ message: 'admin_org_created' });
  });
});
