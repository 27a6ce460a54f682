/**
 * The privacy policy's version. It is the policy's "Last updated" date: the legal pages show
 * it, and every guardian consent to processing a learner's data records the version consented to,
 * so a changed policy makes the consents given for the old one "outdated" until given again.
 */
export const PRIVACY_POLICY_VERSION = '2026-11-01';

/** The same date in words, as the legal pages print it. */
export const PRIVACY_POLICY_VERSION_DISPLAY = '1 November 2026';

/**
 * Every version a signed paper form may refer to, newest first. When the policy changes, put the
 * new date first here (and in PRIVACY_POLICY_VERSION): forms already signed keep their old version.
 */
export const PRIVACY_POLICY_VERSIONS = [PRIVACY_POLICY_VERSION] as const;

/** Where the policy is published (its section on children's information). */
export const PRIVACY_POLICY_PATH = '/privacy-policy';
export const PRIVACY_POLICY_CHILDREN_PATH = '/privacy-policy#children';
