import { usersRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/errors.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { AVATAR_MAX_BYTES } from './image-check.ts';
import type { AccountPolicy } from './profile.ts';
import { createUserService } from './service.ts';

const self = { kind: 'self', param: 'guid' } as const;

/** `accountPolicy`: organisations' requirements of an account (app.ts passes organizations'). */
export function registerUserRoutes(app: FastifyInstance, deps: AppDeps, accountPolicy: AccountPolicy) {
  const service = createUserService(deps, accountPolicy);

  registerRoute(app, usersRoutes.getAuthUser, {
    access: { ...self, allowPasswordExpired: true },
    handler: (req) => service.get(req.params.guid, requireAuth(req).user.guid),
  });

  registerRoute(app, usersRoutes.patchAuthUser, {
    access: self,
    handler: (req) => service.patch(req.params.guid, requireAuth(req).user.guid, req.body, actorOf(req)),
  });

  registerRoute(app, usersRoutes.getAuthUserFeatures, {
    access: self,
    handler: (req) => service.features(req.params.guid, requireAuth(req).user.guid),
  });

  registerRoute(app, usersRoutes.putAuthUserUploadAvatar, {
    access: self,
    handler: async (req) => {
      if (!req.isMultipart())
        throw invalid('avatar', 'Send the image as multipart/form-data in the field "avatar".');
      const file = await req.file({ limits: { fileSize: AVATAR_MAX_BYTES + 1, files: 1 } });
      if (file?.fieldname !== 'avatar') throw invalid('avatar', 'This field is required.');
      const data = await file.toBuffer().catch(() => null);
      if (!data || file.file.truncated) throw invalid('avatar', 'The image must be 2 MB or smaller.');
      return service.uploadAvatar(req.params.guid, requireAuth(req).user.guid, data, actorOf(req));
    },
  });

  registerRoute(app, usersRoutes.postAuthUserRemoveAvatar, {
    access: self,
    handler: (req) => service.removeAvatar(req.params.guid, requireAuth(req).user.guid, actorOf(req)),
  });

  registerRoute(app, usersRoutes.getAuthUserAvatar, {
    access: self,
    handler: async (req, reply) => {
      const { data, mime } = await service.avatar(req.params.guid, requireAuth(req).user.guid);
      return reply.header('content-type', mime).header('cache-control', 'private, max-age=300').send(data);
    },
  });

  registerRoute(app, usersRoutes.postAuthUsersMeAcceptTerms, {
    access: { kind: 'signedIn', userType: 'client' },
    handler: async (req) => {
      await service.acceptTerms(requireAuth(req).user.guid, actorOf(req));
      return { detail: 'Terms accepted.' };
    },
  });
}
