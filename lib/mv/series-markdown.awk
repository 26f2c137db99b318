# SPDX-License-Identifier: MIT
function series_render() { die("-T: no markdown yet") }
