/** Routes of the API's onboarding module: the one declaration the API registers and the apps call. */
import { z } from 'zod';
import { commitment, createCommitmentRequest } from '../commitments.ts';
import { guid, pageQuery } from '../common.ts';
import { createEntityRequest, entity } from '../entities.ts';
import {
  createTaxFormRequest,
  defaultOnboardingTeam,
  initialAnswers,
  itAnswers,
  onboardingChecklist,
  onboardingClientDetailsRequest,
  onboardingIncompleteBody,
  onboardingTeam,
  patchOnboardingRequest,
  prelimAnswers,
  taxForm,
  taxFormList,
} from '../onboarding.ts';
import { defineRoute, noContentResponse } from '../route.ts';

const clientParams = z.object({ clientGuid: guid });
const taxFormParams = clientParams.extend({ taxFormGuid: guid });
const tags = ['onboarding'] as const;

export const onboardingRoutes = {
  getAccountsClientOnboarding: defineRoute({
    method: 'GET',
    path: '/v1/accounts/clients/:clientGuid/onboarding',
    tags,
    summary: "The client's onboarding checklist: every step's status from the saved records",
    params: clientParams,
    responses: { 200: onboardingChecklist },
  }),
  patchAccountsClientOnboarding: defineRoute({
    method: 'PATCH',
    path: '/v1/accounts/clients/:clientGuid/onboarding',
    tags,
    summary: 'Autosaves the step the user is on, so the checklist resumes there',
    params: clientParams,
    body: patchOnboardingRequest,
    responses: { 200: onboardingChecklist },
  }),
  putAccountsClientOnboardingInitial: defineRoute({
    method: 'PUT',
    path: '/v1/accounts/clients/:clientGuid/onboarding/answers/initial',
    tags,
    params: clientParams,
    body: initialAnswers,
    responses: { 200: onboardingChecklist },
  }),
  putAccountsClientOnboardingIt: defineRoute({
    method: 'PUT',
    path: '/v1/accounts/clients/:clientGuid/onboarding/answers/it',
    tags,
    params: clientParams,
    body: itAnswers,
    responses: { 200: onboardingChecklist },
  }),
  putAccountsClientOnboardingPrelim: defineRoute({
    method: 'PUT',
    path: '/v1/accounts/clients/:clientGuid/onboarding/answers/prelim',
    tags,
    params: clientParams,
    body: prelimAnswers,
    responses: { 200: onboardingChecklist },
  }),
  patchAccountsClientOnboardingClientDetails: defineRoute({
    method: 'PATCH',
    path: '/v1/accounts/clients/:clientGuid/onboarding/client-details',
    tags,
    params: clientParams,
    body: onboardingClientDetailsRequest,
    responses: { 200: onboardingChecklist },
  }),
  postAccountsClientOnboardingSubmit: defineRoute({
    method: 'POST',
    path: '/v1/accounts/clients/:clientGuid/onboarding/submit',
    tags,
    summary: 'Submits the summary: sets is_onboarding_completed, or lists the required steps still empty',
    params: clientParams,
    responses: { 200: onboardingChecklist, 400: onboardingIncompleteBody },
  }),
  postAccountsClientOnboardingEntities: defineRoute({
    method: 'POST',
    path: '/v1/accounts/clients/:clientGuid/onboarding/entities',
    tags,
    summary: "The checklist's entities step: a client user adds its own entity while onboarding is open",
    params: clientParams,
    body: createEntityRequest,
    responses: { 201: entity },
  }),
  postAccountsClientOnboardingCommitments: defineRoute({
    method: 'POST',
    path: '/v1/accounts/clients/:clientGuid/onboarding/commitments',
    tags,
    summary: "The checklist's commitment step: a client user adds a commitment while onboarding is open",
    params: clientParams,
    body: createCommitmentRequest,
    responses: { 201: commitment },
  }),
  getAccountsClientOnboardingTeam: defineRoute({
    method: 'GET',
    path: '/v1/accounts/clients/:clientGuid/onboarding/team',
    tags,
    params: clientParams,
    responses: { 200: onboardingTeam },
  }),
  getAccountsClientOnboardingTaxForms: defineRoute({
    method: 'GET',
    path: '/v1/accounts/clients/:clientGuid/onboarding/tax-forms',
    tags,
    params: clientParams,
    query: pageQuery,
    responses: { 200: taxFormList },
  }),
  postAccountsClientOnboardingTaxForms: defineRoute({
    method: 'POST',
    path: '/v1/accounts/clients/:clientGuid/onboarding/tax-forms',
    tags,
    params: clientParams,
    body: createTaxFormRequest,
    responses: { 201: taxForm },
  }),
  deleteAccountsClientOnboardingTaxForm: defineRoute({
    method: 'DELETE',
    path: '/v1/accounts/clients/:clientGuid/onboarding/tax-forms/:taxFormGuid',
    tags,
    params: taxFormParams,
    responses: { 204: noContentResponse },
  }),
  getVersionsConfigDefaultOnboardingTeam: defineRoute({
    method: 'GET',
    path: '/v1/versions/config/default_onboarding_team',
    tags,
    summary: 'The staff team levels a new client is given by default',
    responses: { 200: defaultOnboardingTeam },
  }),
};
