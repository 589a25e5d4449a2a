//! Threat-space searches on top of the position's shapes: `vcf` (victory by continuous fours)
//! and `vct` (victory by threes and fours).

pub mod vcf;
pub mod vct;
