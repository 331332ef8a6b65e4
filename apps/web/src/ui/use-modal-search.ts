import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

export const MODAL_PARAM = 'modal';

export interface ModalSearch {
  /** The modal named in the url (`?modal=two-factor`), or null. */
  modal: string | null;
  isOpen(name: string): boolean;
  /** Opens a modal by putting its name (and any extra parameters) in the url, so it survives a reload. */
  openModal(name: string, params?: Record<string, string>): void;
  /** SPEC.md §2: closing a modal clears the whole search string. */
  closeModal(): void;
}

/** The modal host's link to the url. */
export function useModalSearch(): ModalSearch {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const modal = searchParams.get(MODAL_PARAM);

  const openModal = useCallback(
    (name: string, params: Record<string, string> = {}) => {
      const search = new URLSearchParams({ ...params, [MODAL_PARAM]: name });
      navigate({ pathname: location.pathname, search: `?${search.toString()}` });
    },
    [navigate, location.pathname],
  );
  const closeModal = useCallback(() => {
    navigate({ pathname: location.pathname, search: '' }, { replace: true });
  }, [navigate, location.pathname]);

  return { modal, isOpen: (name) => modal === name, openModal, closeModal };
}
