//! The optimiser both renju fits use (the evaluation values in `train`, the ordering scores in
//! `ordering`).

/// Adam (Kingma and Ba) over a dense vector; a zero gradient leaves a parameter in place
/// until its moments say otherwise.
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    const B1: f32 = 0.9;
    const B2: f32 = 0.999;
    const EPS: f32 = 1e-8;

    pub fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    /// One step along `grad`, which it zeroes.
    pub fn step(&mut self, w: &mut [f32], grad: &mut [f32], lr: f32) {
        self.t += 1;
        let c1 = 1.0 - Self::B1.powi(self.t);
        let c2 = 1.0 - Self::B2.powi(self.t);
        for j in 0..w.len() {
            let g = std::mem::take(&mut grad[j]);
            if g == 0.0 && self.m[j] == 0.0 {
                continue;
            }
            self.m[j] = Self::B1 * self.m[j] + (1.0 - Self::B1) * g;
            self.v[j] = Self::B2 * self.v[j] + (1.0 - Self::B2) * g * g;
            w[j] -= lr * (self.m[j] / c1) / ((self.v[j] / c2).sqrt() + Self::EPS);
        }
    }
}
