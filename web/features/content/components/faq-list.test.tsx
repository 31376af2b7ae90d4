// @vitest-environment happy-dom
/**
 * FAQ from the keyboard (content-and-account-pages §2.7; issue 10 part 3 "keyboard-only use of the
 * FAQ works"): five categories, each a button with aria-expanded that Tab reaches and Enter or Space
 * toggles, showing and hiding its answers.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FaqPage } from '../../../routes/faq.route';
import { renderPage } from '../../../testing/harness';

describe('FAQ', () => {
  it('has the five categories of the spec, the first open', () => {
    renderPage(<FaqPage />, '/faq');
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Getting Started',
      'Deal Alerts',
      'Privacy & Security',
      'Deals & Pricing',
      'Technical Support',
    ]);
    expect(buttons.map((b) => b.getAttribute('aria-expanded'))).toEqual(['true', 'false', 'false', 'false', 'false']);
    expect(screen.getByText('What is Deal Alerts UK?')).toBeVisible();
    expect(screen.getByText('How do I set a price alert?')).not.toBeVisible();
  });

  it('opens with Enter and closes with Space, from the keyboard alone', async () => {
    const { user } = renderPage(<FaqPage />, '/faq');
    const dealAlerts = screen.getByRole('button', { name: 'Deal Alerts' });

    await user.tab(); // 'Contact us' link in the introduction
    await user.tab(); // Getting Started
    expect(screen.getByRole('button', { name: 'Getting Started' })).toHaveFocus();
    await user.tab();
    expect(dealAlerts).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(dealAlerts).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('How do I set a price alert?')).toBeVisible();
    expect(document.getElementById(dealAlerts.getAttribute('aria-controls') ?? '')).toBeVisible();

    await user.keyboard(' ');
    expect(dealAlerts).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('How do I set a price alert?')).not.toBeVisible();
  });
});
