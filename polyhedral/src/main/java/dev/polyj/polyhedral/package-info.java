/** Program model (SCoP), C front end, schedule trees, dependence analysis, scheduling and tiling. */
package dev.polyj.polyhedral;
