import { pathOf, STORAGE_KEYS } from '@bp/api-client';
import { usersRoutes } from '@bp/contracts';
import { useEffect, useState } from 'react';

/**
 * An object URL for the user's avatar. The image is served behind the bearer, so an <img src> cannot
 * load it directly; it is fetched as a blob instead. `version` (the profile's `avatar` value) changes
 * when the picture does, which refetches; null means there is no avatar.
 */
export function useAvatarUrl(userGuid: string | null, version: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!userGuid || !version) {
      setUrl(null);
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const access = localStorage.getItem(STORAGE_KEYS.access);
    fetch(pathOf(usersRoutes.getAuthUserAvatar, { guid: userGuid }), {
      headers: access ? { Authorization: `Bearer ${access}` } : {},
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      // A missing picture falls back to initials; there is nothing useful to tell the user.
      .catch(() => setUrl(null));
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [userGuid, version]);

  return url;
}
