// @vitest-environment happy-dom
/**
 * The header's Sign Up and Sign In dialogs, now a lazy chunk kept out of the first load (DESIGN.md
 * §7): a press opens them, Escape closes them and the focus goes back to the button (WCAG 2.4.3),
 * and a second press opens them again.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderPage } from '../testing/harness';
import { SiteHeader } from './site-header';

describe('header account dialogs', () => {
  it('Sign In and Sign Up open on a press, close with Escape and give the focus back', async () => {
    fakeApi({});
    const { user } = renderPage(<SiteHeader />, '/');
    // Desktop and compact headers both render in the DOM; use the first of each.
    const signIn = screen.getAllByRole('button', { name: 'Sign In' })[0]!;
    await user.click(signIn);
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    expect(dialog).toHaveTextContent("No password needed: we'll e-mail you a link that signs you in on this device.");
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(signIn).toHaveFocus());

    const signUp = screen.getAllByRole('button', { name: 'Sign Up' })[0]!;
    await user.click(signUp);
    expect(await screen.findByRole('dialog', { name: "Access Today's Deals" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlock Deals' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(signUp).toHaveFocus());

    await user.click(signIn);
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
  });
});
