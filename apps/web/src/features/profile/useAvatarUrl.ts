import { usersRoutes } from '@bp/contracts';
import { useEffect, useState } from 'react';
import { useSession } from '../../session/session-context.ts';

/**
 * An object URL for the user's avatar. The image is served behind the bearer, so an <img src> cannot
 * load it directly; it is downloaded through the API client as a blob instead. `version` (the profile's
 * `avatar` value) changes when the picture does, which refetches; null means there is no avatar.
 */
export function useAvatarUrl(userGuid: string | null, version: string | null): string | null {
  const { api } = useSession();
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!userGuid || !version) {
      setUrl(null);
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    api
      .call(usersRoutes.getAuthUserAvatar, { params: { guid: userGuid }, signal: controller.signal })
      .then((file) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(file.blob);
        setUrl(objectUrl);
      })
      // A missing picture falls back to initials; there is nothing useful to tell the user.
      .catch(() => setUrl(null));
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api, userGuid, version]);

  return url;
}
