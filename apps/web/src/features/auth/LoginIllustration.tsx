import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BRAND_COLOUR } from './brand.ts';

/**
 * The login page's side image, drawn inline so it needs no asset pipeline: a stack of bills,
 * one of them approved, on the brand colour. Decorative, so hidden from assistive technology.
 */
export function LoginIllustration() {
  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        alignItems: 'center',
        gap: 4,
        p: 6,
        color: '#fff',
        background: `radial-gradient(circle at 20% 15%, #3d4bb0 0%, ${BRAND_COLOUR} 45%, #1c2566 100%)`,
      }}
    >
      <Box
        component="svg"
        viewBox="0 0 400 320"
        aria-hidden="true"
        focusable="false"
        sx={{ width: '100%', maxWidth: 420 }}
      >
        <circle cx="330" cy="60" r="46" fill="#ffffff" opacity="0.06" />
        <circle cx="70" cy="255" r="55" fill="#ffffff" opacity="0.05" />
        <g transform="rotate(-8 150 170)">
          <rect x="70" y="70" width="170" height="210" rx="14" fill="#ffffff" opacity="0.18" />
        </g>
        <g transform="rotate(4 210 160)">
          <rect x="130" y="50" width="180" height="220" rx="14" fill="#ffffff" />
          <rect x="152" y="76" width="70" height="10" rx="5" fill={BRAND_COLOUR} />
          <rect x="152" y="96" width="110" height="7" rx="3.5" fill="#c9cde6" />
          <rect x="152" y="128" width="136" height="6" rx="3" fill="#e3e5f2" />
          <rect x="152" y="144" width="120" height="6" rx="3" fill="#e3e5f2" />
          <rect x="152" y="160" width="128" height="6" rx="3" fill="#e3e5f2" />
          <rect x="152" y="196" width="56" height="8" rx="4" fill="#c9cde6" />
          <rect x="234" y="192" width="54" height="14" rx="7" fill={BRAND_COLOUR} opacity="0.85" />
          <rect x="152" y="226" width="136" height="1.5" fill="#e3e5f2" />
        </g>
        <circle cx="300" cy="232" r="34" fill="#34c38f" />
        <path
          d="M284 233 l11 11 l21 -23"
          fill="none"
          stroke="#ffffff"
          strokeWidth="7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <g opacity="0.9">
          <circle cx="98" cy="104" r="20" fill="#f5b942" />
          <text
            x="98"
            y="111"
            textAnchor="middle"
            fontSize="20"
            fontWeight="700"
            fill="#7a5300"
            fontFamily="sans-serif"
          >
            $
          </text>
        </g>
      </Box>
      <Box sx={{ maxWidth: 420, textAlign: 'center' }}>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
          Bills paid on time, approved by you.
        </Typography>
        <Typography sx={{ mt: 1, opacity: 0.8 }}>
          Review, approve and track every payment your provider team makes on your behalf.
        </Typography>
      </Box>
    </Box>
  );
}
