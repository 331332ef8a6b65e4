/** Routes of the API's vendors module (the vendor master, decision 022): declared once, registered and called. */
import { z } from 'zod';
import { guid, pageQuery } from '../common.ts';
import { defineRoute } from '../route.ts';
import {
  createParentVendorRequest,
  masterVendorDetail,
  masterVendorList,
  masterVendorListQuery,
  mergeQuery,
  mergeRequest,
  mergeSummary,
  parentVendor,
  parentVendorList,
  parentVendorListQuery,
  patchMasterVendorRequest,
  patchParentVendorRequest,
  similarVendorList,
  vendorEventList,
  verificationRequest,
} from '../vendors.ts';

const org = z.object({ organizationGuid: guid });
const parent = org.extend({ parentVendorGuid: guid });
const one = org.extend({ vendorGuid: guid });
const P = '/v1/billing/organizations/:organizationGuid/parent-vendors';
const V = '/v1/billing/organizations/:organizationGuid/vendors';
const tags = ['vendors'];

export const vendorsRoutes = {
  getBillingParentVendors: defineRoute({
    method: 'GET',
    path: P,
    tags,
    params: org,
    query: parentVendorListQuery,
    responses: { 200: parentVendorList },
  }),
  postBillingParentVendors: defineRoute({
    method: 'POST',
    path: P,
    tags,
    params: org,
    body: createParentVendorRequest,
    responses: { 201: parentVendor },
  }),
  getBillingParentVendor: defineRoute({
    method: 'GET',
    path: `${P}/:parentVendorGuid`,
    tags,
    params: parent,
    responses: { 200: parentVendor },
  }),
  patchBillingParentVendor: defineRoute({
    method: 'PATCH',
    path: `${P}/:parentVendorGuid`,
    tags,
    params: parent,
    body: patchParentVendorRequest,
    responses: { 200: parentVendor },
  }),
  getBillingParentVendorSimilar: defineRoute({
    method: 'GET',
    path: `${P}/:parentVendorGuid/similar`,
    tags,
    params: parent,
    responses: { 200: similarVendorList },
  }),
  getBillingParentVendorMerge: defineRoute({
    method: 'GET',
    path: `${P}/:parentVendorGuid/merge`,
    tags,
    params: parent,
    query: mergeQuery,
    responses: { 200: mergeSummary },
  }),
  postBillingParentVendorMerge: defineRoute({
    method: 'POST',
    path: `${P}/:parentVendorGuid/merge`,
    tags,
    params: parent,
    body: mergeRequest,
    responses: { 200: mergeSummary },
  }),
  postBillingParentVendorVerification: defineRoute({
    method: 'POST',
    path: `${P}/:parentVendorGuid/verification`,
    tags,
    params: parent,
    body: verificationRequest,
    responses: { 200: parentVendor },
  }),
  getBillingParentVendorHistory: defineRoute({
    method: 'GET',
    path: `${P}/:parentVendorGuid/history`,
    tags,
    params: parent,
    query: pageQuery,
    responses: { 200: vendorEventList },
  }),

  getBillingVendors: defineRoute({
    method: 'GET',
    path: V,
    tags,
    params: org,
    query: masterVendorListQuery,
    responses: { 200: masterVendorList },
  }),
  getBillingVendor: defineRoute({
    method: 'GET',
    path: `${V}/:vendorGuid`,
    tags,
    params: one,
    responses: { 200: masterVendorDetail },
  }),
  patchBillingVendor: defineRoute({
    method: 'PATCH',
    path: `${V}/:vendorGuid`,
    tags,
    params: one,
    body: patchMasterVendorRequest,
    responses: { 200: masterVendorDetail },
  }),
  getBillingVendorSimilar: defineRoute({
    method: 'GET',
    path: `${V}/:vendorGuid/similar`,
    tags,
    params: one,
    responses: { 200: similarVendorList },
  }),
  getBillingVendorMerge: defineRoute({
    method: 'GET',
    path: `${V}/:vendorGuid/merge`,
    tags,
    params: one,
    query: mergeQuery,
    responses: { 200: mergeSummary },
  }),
  postBillingVendorMerge: defineRoute({
    method: 'POST',
    path: `${V}/:vendorGuid/merge`,
    tags,
    params: one,
    body: mergeRequest,
    responses: { 200: mergeSummary },
  }),
  postBillingVendorVerification: defineRoute({
    method: 'POST',
    path: `${V}/:vendorGuid/verification`,
    tags,
    params: one,
    body: verificationRequest,
    responses: { 200: masterVendorDetail },
  }),
  getBillingVendorHistory: defineRoute({
    method: 'GET',
    path: `${V}/:vendorGuid/history`,
    tags,
    params: one,
    query: pageQuery,
    responses: { 200: vendorEventList },
  }),
};
