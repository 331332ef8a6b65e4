import { mfaRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiCall,
  createFakeApi,
  renderPage,
  setupUser,
  TEST_USER_GUID,
  testProfile,
} from '../test-utils.tsx';
import { ProfilePage } from './ProfilePage.tsx';

const USER = `/v1/auth/users/${TEST_USER_GUID}`;
/** Every call but the read of the two-factor methods the page always makes. */
const writes = (calls: ApiCall[]) => calls.filter((c) => c.path !== mfaRoutes.getAuthMfaMethods.path);

function file(name: string, type: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

// userEvent would otherwise drop files that do not match `accept`; the page must catch them itself.
const setupFileUser = () => setupUser({ applyAccept: false });

describe('ProfilePage', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:avatar');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the names for editing and the e-mail read-only', () => {
    renderPage(<ProfilePage />, { route: '/profile', session: { profile: testProfile() } });
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    const email = screen.getByLabelText('E-mail') as HTMLInputElement;
    expect(email).toHaveValue('ada@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true);
  });

  it('sends only the changed name, refreshes the profile and confirms', async () => {
    const api = createFakeApi().reply('PATCH', USER, testProfile({ last_name: 'King' }));
    const { session } = renderPage(<ProfilePage />, {
      route: '/profile',
      api,
      session: { profile: testProfile() },
    });
    const user = setupUser();
    const last = screen.getByLabelText('Last name');
    await user.clear(last);
    await user.type(last, 'King{Enter}');

    expect(await screen.findByText('Profile updated.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', USER)[0]?.body).toEqual({ last_name: 'King' });
    expect(session.refreshProfile).toHaveBeenCalled();
  });

  it('requires a first name', async () => {
    const { api } = renderPage(<ProfilePage />, { route: '/profile', session: { profile: testProfile() } });
    const user = setupUser();
    await user.clear(screen.getByLabelText('First name'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(writes(api.calls)).toHaveLength(0);
  });

  it('refuses a file that is not a JPEG, PNG or GIF without uploading it', async () => {
    const { api } = renderPage(<ProfilePage />, { route: '/profile', session: { profile: testProfile() } });
    await setupFileUser().upload(
      screen.getByLabelText('Profile photo file'),
      file('cv.pdf', 'application/pdf', 100),
    );
    expect(await screen.findByText('Choose a JPEG, PNG or GIF image.')).toBeInTheDocument();
    expect(writes(api.calls)).toHaveLength(0);
  });

  it('refuses an image above 2 MB without uploading it', async () => {
    const { api } = renderPage(<ProfilePage />, { route: '/profile', session: { profile: testProfile() } });
    const big = file('holiday.jpg', 'image/jpeg', 2 * 1024 * 1024 + 1);
    await setupFileUser().upload(screen.getByLabelText('Profile photo file'), big);
    expect(
      await screen.findByText('The image is too large. Choose one of 2 MB or less.'),
    ).toBeInTheDocument();
    expect(writes(api.calls)).toHaveLength(0);
  });

  it('uploads a valid image as the multipart field avatar', async () => {
    const api = createFakeApi().reply('PUT', `${USER}/upload-avatar`, testProfile({ avatar: 'v2' }));
    const { session } = renderPage(<ProfilePage />, {
      route: '/profile',
      api,
      session: { profile: testProfile() },
    });
    const photo = file('me.png', 'image/png', 2 * 1024 * 1024);
    await setupFileUser().upload(screen.getByLabelText('Profile photo file'), photo);

    expect(await screen.findByText('Profile photo updated.')).toBeInTheDocument();
    const formData = api.callsTo('PUT', `${USER}/upload-avatar`)[0]?.options?.formData;
    expect(formData?.get('avatar')).toBe(photo);
    expect(session.refreshProfile).toHaveBeenCalled();
  });

  it("shows the API's message when it refuses the image", async () => {
    const api = createFakeApi().fail('PUT', `${USER}/upload-avatar`, 400, {
      avatar: ['The file is not a valid image.'],
    });
    renderPage(<ProfilePage />, { route: '/profile', api, session: { profile: testProfile() } });
    await setupFileUser().upload(
      screen.getByLabelText('Profile photo file'),
      file('fake.gif', 'image/gif', 10),
    );
    expect(await screen.findByText('The file is not a valid image.')).toBeInTheDocument();
  });

  it('loads the avatar through the API client and removes it after confirmation', async () => {
    // The API client sends the bearer (and renews it) on every call; the picture comes back as a file.
    const api = createFakeApi()
      .reply('GET', `${USER}/avatar`, { blob: new Blob(['img'], { type: 'image/png' }), disposition: null })
      .reply('POST', `${USER}/remove-avatar`, testProfile());
    const { session } = renderPage(<ProfilePage />, {
      route: '/profile',
      api,
      session: { profile: testProfile({ avatar: 'v1' }) },
    });

    const img = await screen.findByRole('img', { name: 'Profile photo of Ada Lovelace' });
    expect(img).toHaveAttribute('src', 'blob:avatar');
    expect(api.callsTo('GET', `${USER}/avatar`)).toHaveLength(1);
    expect(api.callsTo('GET', `${USER}/avatar`)[0]?.options?.responseType).toBe('file');

    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove profile photo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Profile photo removed.')).toBeInTheDocument();
    expect(api.callsTo('POST', `${USER}/remove-avatar`)).toHaveLength(1);
    await waitFor(() => expect(session.refreshProfile).toHaveBeenCalled());
  });
});
