import { feature, okBody, patchUserRequest, userProfile } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/responses.ts';
import { AVATAR_MAX_BYTES } from './image-check.ts';
import type { AccountPolicy } from './profile.ts';
import { createUserService } from './service.ts';

const tags = ['users'];
const userParams = z.object({ guid: z.string().max(64) });
const errors = errorResponses;
const self = { kind: 'self', param: 'guid' } as const;

/** `accountPolicy`: organisations' requirements of an account (app.ts passes organizations'). */
export function registerUserRoutes(app: FastifyInstance, deps: AppDeps, accountPolicy: AccountPolicy) {
  const service = createUserService(deps, accountPolicy);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/auth/users/:guid', {
    // The profile is how the app learns the password has expired, so it stays readable then.
    config: { access: { ...self, allowPasswordExpired: true } },
    schema: { tags, params: userParams, response: { 200: userProfile, ...errors } },
    handler: (req) => service.get(req.params.guid, requireAuth(req).user.guid),
  });

  r.patch('/v1/auth/users/:guid', {
    config: { access: self },
    schema: { tags, params: userParams, body: patchUserRequest, response: { 200: userProfile, ...errors } },
    handler: (req) => service.patch(req.params.guid, requireAuth(req).user.guid, req.body, actorOf(req)),
  });

  r.get('/v1/auth/users/:guid/features', {
    config: { access: self },
    schema: { tags, params: userParams, response: { 200: z.array(feature), ...errors } },
    handler: (req) => service.features(req.params.guid, requireAuth(req).user.guid),
  });

  r.put('/v1/auth/users/:guid/upload-avatar', {
    config: { access: self },
    schema: { tags, params: userParams, response: { 200: userProfile, ...errors } },
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

  r.post('/v1/auth/users/:guid/remove-avatar', {
    config: { access: self },
    schema: { tags, params: userParams, response: { 200: userProfile, ...errors } },
    handler: (req) => service.removeAvatar(req.params.guid, requireAuth(req).user.guid, actorOf(req)),
  });

  r.get('/v1/auth/users/:guid/avatar', {
    config: { access: self },
    schema: { tags, params: userParams },
    handler: async (req, reply) => {
      const { data, mime } = await service.avatar(req.params.guid, requireAuth(req).user.guid);
      return reply.header('content-type', mime).header('cache-control', 'private, max-age=300').send(data);
    },
  });

  r.post('/v1/auth/users/me/accept-terms', {
    config: { access: { kind: 'signedIn', userType: 'client' } },
    schema: { tags, response: { 200: okBody, ...errors } },
    handler: async (req) => {
      await service.acceptTerms(requireAuth(req).user.guid, actorOf(req));
      return { detail: 'Terms accepted.' };
    },
  });
}
