import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupUser } from '../test-utils.tsx';
import { telHref } from './constants.ts';
import { SupportPage } from './SupportPage.tsx';

describe('SupportPage', () => {
  it('has the five FAQ groups in order and the contact help text', async () => {
    renderPage(<SupportPage />, { route: '/support' });
    expect(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'How to Use the App',
      'Access and Permissions',
      'App Support',
      'Security',
      'Tech Support',
    ]);
    expect(screen.getByRole('link', { name: '(800) 555-0199' })).toHaveAttribute('href', 'tel:+18005550199');
    expect(screen.getByRole('link', { name: 'support@billpay.example' })).toHaveAttribute(
      'href',
      'mailto:support@billpay.example',
    );

    const question = screen.getByRole('button', { name: 'What can an observer do?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await setupUser().click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
  });

  it('formats phone links', () => {
    expect(telHref('(800) 555-0199')).toBe('tel:+18005550199');
    expect(telHref('+44 20 7946 0000')).toBe('tel:+442079460000');
  });
});
